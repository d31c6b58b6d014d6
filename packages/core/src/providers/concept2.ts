/**
 * The Concept2 provider.
 *
 * @module
 */
import { idText } from "../adapter/ids";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The signed-in user as the Concept2 Logbook API returns it (`GET /api/users/me`). */
export interface Concept2Profile {
  data: {
    id: number;
    username: string;
    first_name?: string;
    last_name?: string;
    email?: string | null;
    profile_image?: string | null;
    [key: string]: unknown;
  };
  [claim: string]: unknown;
}

/**
 * Sign in with Concept2 (OAuth 2). The default scope is `user:read,results:write`, as Auth.js asks. Register `{origin}/auth/callback/concept2` as the
 * redirect URI; the client id and secret are read from `AUTH_CONCEPT2_ID` and
 * `AUTH_CONCEPT2_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://log.concept2.com/developers/documentation/
 * @example
 * ```ts
 * import Concept2 from "@portcullis/core/providers/concept2"
 * const providers = [Concept2({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Concept2(config?: OAuthUserConfig<Concept2Profile>): OAuth2Config<Concept2Profile> {
  return defineOAuthProvider<Concept2Profile>(
    {
      id: "concept2",
      name: "Concept2",
      type: "oauth",
      authorization: {
        url: "https://log.concept2.com/oauth/authorize",
        params: { scope: "user:read,results:write" },
      },
      token: "https://log.concept2.com/oauth/access_token",
      userinfo: "https://log.concept2.com/api/users/me",
      profile: (profile) => ({
        id: idText(profile.data.id),
        name: profile.data.username,
        email: profile.data.email ?? null,
        image: profile.data.profile_image ?? null,
      }),
      style: { brandColor: "#003a70" },
    },
    config,
  );
}
