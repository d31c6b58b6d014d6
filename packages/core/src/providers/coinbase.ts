/**
 * The Coinbase provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The user as Coinbase's API returns it (`GET /v2/user`). */
export interface CoinbaseProfile {
  data: {
    id: string;
    name: string | null;
    username: string | null;
    profile_location: string | null;
    profile_bio: string | null;
    profile_url: string | null;
    avatar_url: string;
    resource: "user";
    resource_path: string;
    /** Present with the `wallet:user:email` scope. */
    email?: string;
    legacy_id?: string;
    time_zone?: string;
    native_currency?: string;
    country?: { code: string; name: string; is_in_europe?: boolean };
    created_at?: string;
  };
}

/**
 * Sign in with Coinbase (OAuth 2). Add `{origin}/auth/callback/coinbase` to the OAuth client's
 * redirect URIs in the Coinbase Developer Platform; the client id and secret are read from
 * `AUTH_COINBASE_ID` and `AUTH_COINBASE_SECRET` when not given here. The default scope reads the
 * user and their email.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://docs.cdp.coinbase.com/coinbase-app/oauth2-integration/overview
 * @example
 * ```ts
 * import Coinbase from "@portcullis/core/providers/coinbase"
 * const providers = [Coinbase({ clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function Coinbase(config?: OAuthUserConfig<CoinbaseProfile>): OAuth2Config<CoinbaseProfile> {
  return defineOAuthProvider<CoinbaseProfile>(
    {
      id: "coinbase",
      name: "Coinbase",
      type: "oauth",
      authorization: {
        url: "https://login.coinbase.com/oauth2/auth",
        params: { scope: "wallet:user:read wallet:user:email" },
      },
      token: "https://login.coinbase.com/oauth2/token",
      userinfo: "https://api.coinbase.com/v2/user",
      checks: ["state"],
      profile: ({ data }) => ({
        id: data.id,
        name: data.name ?? data.username ?? null,
        email: data.email ?? null,
        image: data.avatar_url ?? null,
      }),
      style: { brandColor: "#0052ff" },
    },
    config,
  );
}
