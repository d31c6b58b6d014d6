/**
 * The FACEIT provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The signed-in user as FACEIT's userinfo endpoint returns it. */
export interface FACEITProfile {
  guid: string;
  name: string;
  email: string;
  picture: string;
  nickname: string;
  [claim: string]: unknown;
}

/**
 * Sign in with FACEIT (OAuth 2). The client authenticates to the token endpoint with HTTP Basic, as FACEIT requires (the default). Register `{origin}/auth/callback/faceit` as the
 * redirect URI; the client id and secret are read from `AUTH_FACEIT_ID` and
 * `AUTH_FACEIT_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://docs.faceit.com/getting-started/authentication-and-authorization/
 * @example
 * ```ts
 * import FACEIT from "@portcullis/core/providers/faceit"
 * const providers = [FACEIT({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function FACEIT(config?: OAuthUserConfig<FACEITProfile>): OAuth2Config<FACEITProfile> {
  return defineOAuthProvider<FACEITProfile>(
    {
      id: "faceit",
      name: "FACEIT",
      type: "oauth",
      authorization: "https://accounts.faceit.com/accounts?redirect_popup=true",
      token: "https://api.faceit.com/auth/v1/oauth/token",
      userinfo: "https://api.faceit.com/auth/v1/resources/userinfo",
      profile: (profile) => ({
        id: profile.guid,
        name: profile.name,
        email: profile.email,
        image: profile.picture,
      }),
      style: { brandColor: "#ff5500" },
    },
    config,
  );
}
