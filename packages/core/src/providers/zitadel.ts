/**
 * The ZITADEL provider.
 *
 * @module
 */
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider, standardClaimsProfile } from "./oauth-factory";

/** The claims of a ZITADEL ID token for the `openid profile email` scope. */
export interface ZitadelProfile {
  iss: string;
  sub: string;
  aud: string | string[];
  exp: number;
  iat: number;
  auth_time?: number;
  amr?: string[];
  azp?: string;
  nonce?: string;
  at_hash?: string;
  sid?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  nickname?: string;
  preferred_username?: string;
  gender?: string;
  locale?: string;
  picture?: string;
  updated_at?: number;
  email?: string;
  email_verified?: boolean;
  phone_number?: string;
  phone_number_verified?: boolean;
}

/**
 * Sign in through a ZITADEL instance (OpenID Connect). Set `issuer` to the instance's domain, e.g.
 * `https://my-instance.zitadel.cloud` (or `AUTH_ZITADEL_ISSUER`); there is no default. Create a
 * Web application in a project, add `{origin}/auth/callback/zitadel` to its redirect URIs; the
 * client id and secret are read from `AUTH_ZITADEL_ID` and `AUTH_ZITADEL_SECRET` when not given
 * here.
 *
 * @param config Overrides of the defaults; `issuer` is required.
 * @returns The provider configuration.
 * @see https://zitadel.com/docs/guides/integrate/login/oidc/login-users
 * @example
 * ```ts
 * import Zitadel from "@portcullis/core/providers/zitadel"
 * const providers = [Zitadel({ issuer: "https://my-instance.zitadel.cloud", clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function Zitadel(config?: OIDCUserConfig<ZitadelProfile>): OIDCConfig<ZitadelProfile> {
  return defineOIDCProvider<ZitadelProfile>(
    {
      id: "zitadel",
      name: "ZITADEL",
      type: "oidc",
      authorization: { params: { scope: "openid profile email" } },
      profile: standardClaimsProfile,
      style: { brandColor: "#1f2a37" },
    },
    config,
  );
}
