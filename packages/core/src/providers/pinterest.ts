/**
 * The Pinterest provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The account as Pinterest's API returns it (`GET /v5/user_account`). */
export interface PinterestProfile {
  account_type: "BUSINESS" | "PINNER" | string;
  profile_image: string;
  website_url: string;
  username: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Pinterest (OAuth 2). The default scope is `user_accounts:read`; Pinterest shares no email. Register `{origin}/auth/callback/pinterest` as the
 * redirect URI; the client id and secret are read from `AUTH_PINTEREST_ID` and
 * `AUTH_PINTEREST_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developers.pinterest.com/docs/getting-started/authentication/
 * @example
 * ```ts
 * import Pinterest from "@portcullis/core/providers/pinterest"
 * const providers = [Pinterest({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Pinterest(
  config?: OAuthUserConfig<PinterestProfile>,
): OAuth2Config<PinterestProfile> {
  return defineOAuthProvider<PinterestProfile>(
    {
      id: "pinterest",
      name: "Pinterest",
      type: "oauth",
      authorization: { url: "https://www.pinterest.com/oauth", params: { scope: "user_accounts:read" } },
      token: "https://api.pinterest.com/v5/oauth/token",
      userinfo: "https://api.pinterest.com/v5/user_account",
      profile: (profile) => ({
        id: profile.username,
        name: profile.username,
        email: null,
        image: profile.profile_image,
      }),
      style: { brandColor: "#bd081c" },
    },
    config,
  );
}
