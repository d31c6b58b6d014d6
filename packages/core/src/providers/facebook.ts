/**
 * The Facebook provider.
 *
 * @module
 */

import { providerMark } from "../pages/provider-logos";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The user as the Graph API returns it for `GET /me?fields=id,name,email,picture`. */
export interface FacebookProfile {
  /** The app-scoped user id. */
  id: string;
  name: string;
  /** Absent when the user signed up with a phone number or declined the permission. */
  email?: string;
  picture?: { data: { height: number; width: number; is_silhouette: boolean; url: string } };
}

/**
 * Sign in with Facebook (Facebook Login, OAuth 2). Add `{origin}/auth/callback/facebook` to the
 * Valid OAuth Redirect URIs of the app's Facebook Login settings; the app id and secret are read
 * from `AUTH_FACEBOOK_ID` and `AUTH_FACEBOOK_SECRET` when not given here. The endpoints carry no
 * Graph API version, so the version set for the app in the App Dashboard applies. Facebook does
 * not document PKCE for this flow, so `state` protects the callback.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developers.facebook.com/docs/facebook-login/guides/advanced/manual-flow
 * @example
 * ```ts
 * import Facebook from "@portcullis/core/providers/facebook"
 * const providers = [Facebook({ clientId: "123", clientSecret: "secret" })]
 * ```
 */
export default function Facebook(config?: OAuthUserConfig<FacebookProfile>): OAuth2Config<FacebookProfile> {
  return defineOAuthProvider<FacebookProfile>(
    {
      id: "facebook",
      name: "Facebook",
      type: "oauth",
      authorization: {
        url: "https://www.facebook.com/dialog/oauth",
        params: { scope: "public_profile email" },
      },
      token: "https://graph.facebook.com/oauth/access_token",
      userinfo: "https://graph.facebook.com/me?fields=id,name,email,picture.type(large)",
      checks: ["state"],
      profile: (profile) => ({
        id: profile.id,
        name: profile.name,
        email: profile.email ?? null,
        image: profile.picture?.data.url ?? null,
      }),
      style: { brandColor: "#0866ff" },
      [providerMark]:
        '<path d="M12 2a10 10 0 0 0-1.6 19.9v-7H8V12h2.4V9.8c0-2.5 1.5-3.9 3.8-3.9 1.1 0 2.2.2 2.2.2v2.5h-1.2c-1.2 0-1.6.8-1.6 1.6V12h2.7l-.4 2.9h-2.3v7A10 10 0 0 0 12 2z"/>',
    },
    config,
  );
}
