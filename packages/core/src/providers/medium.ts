/**
 * The Medium provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The signed-in user as Medium's API returns it (`GET /v1/me`). */
export interface MediumProfile {
  data: { id: string; username: string; name: string; url: string; imageUrl: string };
  [claim: string]: unknown;
}

/**
 * Sign in with Medium (OAuth 2). The default scope is `basicProfile`; Medium shares no email. Register `{origin}/auth/callback/medium` as the
 * redirect URI; the client id and secret are read from `AUTH_MEDIUM_ID` and
 * `AUTH_MEDIUM_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://github.com/Medium/medium-api-docs#2-authentication
 * @example
 * ```ts
 * import Medium from "@portcullis/core/providers/medium"
 * const providers = [Medium({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Medium(config?: OAuthUserConfig<MediumProfile>): OAuth2Config<MediumProfile> {
  return defineOAuthProvider<MediumProfile>(
    {
      id: "medium",
      name: "Medium",
      type: "oauth",
      authorization: { url: "https://medium.com/m/oauth/authorize", params: { scope: "basicProfile" } },
      token: "https://api.medium.com/v1/tokens",
      userinfo: "https://api.medium.com/v1/me",
      profile: (profile) => ({
        id: profile.data.id,
        name: profile.data.name,
        email: null,
        image: profile.data.imageUrl,
      }),
      style: { brandColor: "#000000" },
    },
    config,
  );
}
