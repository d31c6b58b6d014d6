/**
 * The Vipps provider.
 *
 * @module
 */
import { defaultProfile } from "../flows/oauth/profile";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims Vipps returns from its userinfo endpoint. */
export interface VippsProfile {
  sub: string;
  name: string;
  given_name?: string;
  family_name?: string;
  email: string;
  email_verified: boolean;
  phone_number?: string;
  sid?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Vipps (OpenID Connect). The issuer is `https://api.vipps.no/access-management-1.0/access/` and the default scope `openid name email`; the ID token is checked and the profile read from the userinfo endpoint (`idToken: false`). Register
 * `{origin}/auth/callback/vipps` as the redirect URI; the client id and secret are read from
 * `AUTH_VIPPS_ID` and `AUTH_VIPPS_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developer.vippsmobilepay.com/docs/APIs/login-api/
 * @example
 * ```ts
 * import Vipps from "@portcullis/core/providers/vipps"
 * const providers = [Vipps({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Vipps(config?: OIDCUserConfig<VippsProfile>): OIDCConfig<VippsProfile> {
  return defineOIDCProvider<VippsProfile>(
    {
      id: "vipps",
      name: "Vipps",
      type: "oidc",
      issuer: "https://api.vipps.no/access-management-1.0/access/",
      authorization: { params: { scope: "openid name email" } },
      idToken: false,
      checks: ["pkce", "state", "nonce"],
      profile: defaultProfile,
      style: { brandColor: "#f05c18" },
    },
    config,
  );
}
