/**
 * The 42 School provider.
 *
 * @module
 */
import { idText } from "../adapter/ids";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The signed-in user as the 42 intranet API returns it (`GET /v2/me`). */
export interface FortyTwoProfile {
  id: number;
  login: string;
  email: string;
  /** Preferred full name. */
  usual_full_name: string;
  /** The profile picture. */
  image: { link: string | null; versions?: Record<string, string | null> };
  [claim: string]: unknown;
}

/**
 * Sign in with 42 School (OAuth 2). Create an application on the 42 intranet; the default scope is `public`. Register `{origin}/auth/callback/42-school` as the
 * redirect URI; the client id and secret are read from `AUTH_42_SCHOOL_ID` and
 * `AUTH_42_SCHOOL_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://api.intra.42.fr/apidoc/guides/web_application_flow
 * @example
 * ```ts
 * import FortyTwo from "@portcullis/core/providers/42-school"
 * const providers = [FortyTwo({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function FortyTwo(config?: OAuthUserConfig<FortyTwoProfile>): OAuth2Config<FortyTwoProfile> {
  return defineOAuthProvider<FortyTwoProfile>(
    {
      id: "42-school",
      name: "42 School",
      type: "oauth",
      authorization: { url: "https://api.intra.42.fr/oauth/authorize", params: { scope: "public" } },
      token: "https://api.intra.42.fr/oauth/token",
      userinfo: "https://api.intra.42.fr/v2/me",
      profile: (profile) => ({
        id: idText(profile.id),
        name: profile.usual_full_name,
        email: profile.email,
        image: profile.image?.link ?? null,
      }),
      style: { brandColor: "#000000" },
    },
    config,
  );
}
