/**
 * The Freshbooks provider.
 *
 * @module
 */
import { idText } from "../adapter/ids";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The signed-in user as FreshBooks returns it (`GET /auth/api/v1/users/me`). */
export interface FreshbooksProfile {
  response: { id: number; first_name: string; last_name: string; email: string; [key: string]: unknown };
  [claim: string]: unknown;
}

/**
 * Sign in with Freshbooks (OAuth 2). Register `{origin}/auth/callback/freshbooks` as the
 * redirect URI; the client id and secret are read from `AUTH_FRESHBOOKS_ID` and
 * `AUTH_FRESHBOOKS_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://www.freshbooks.com/api/authenticating-with-oauth-2-0-on-the-new-freshbooks-api
 * @example
 * ```ts
 * import Freshbooks from "@portcullis/core/providers/freshbooks"
 * const providers = [Freshbooks({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Freshbooks(
  config?: OAuthUserConfig<FreshbooksProfile>,
): OAuth2Config<FreshbooksProfile> {
  return defineOAuthProvider<FreshbooksProfile>(
    {
      id: "freshbooks",
      name: "Freshbooks",
      type: "oauth",
      authorization: "https://auth.freshbooks.com/service/auth/oauth/authorize",
      token: "https://api.freshbooks.com/auth/oauth/token",
      userinfo: "https://api.freshbooks.com/auth/api/v1/users/me",
      profile: (profile) => ({
        id: idText(profile.response.id),
        name: `${profile.response.first_name} ${profile.response.last_name}`,
        email: profile.response.email,
        image: null,
      }),
      style: { brandColor: "#0075dd" },
    },
    config,
  );
}
