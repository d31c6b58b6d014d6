/**
 * The Logto provider.
 *
 * @module
 */
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims of a Logto ID token. */
export interface LogtoProfile {
  sub: string;
  name?: string | null;
  username?: string | null;
  email?: string | null;
  email_verified?: boolean;
  picture?: string | null;
  [claim: string]: unknown;
}

/**
 * Sign in with Logto (OpenID Connect). Set `issuer` to the tenant's OIDC URL, e.g. `https://{tenant}.logto.app/oidc`; the default scope is `offline_access openid email profile`. Register
 * `{origin}/auth/callback/logto` as the redirect URI; the client id and secret are read from
 * `AUTH_LOGTO_ID` and `AUTH_LOGTO_SECRET` when not given here.
 *
 * @param config Overrides of the defaults; `issuer` is required (or `AUTH_LOGTO_ISSUER`).
 * @returns The provider configuration.
 * @see https://docs.logto.io/
 * @example
 * ```ts
 * import Logto from "@portcullis/core/providers/logto"
 * const providers = [Logto({ issuer: "https://tenant.logto.app/oidc", clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Logto(config?: OIDCUserConfig<LogtoProfile>): OIDCConfig<LogtoProfile> {
  return defineOIDCProvider<LogtoProfile>(
    {
      id: "logto",
      name: "Logto",
      type: "oidc",
      authorization: { params: { scope: "offline_access openid email profile" } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? profile.username ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#5d34f2" },
    },
    config,
  );
}
