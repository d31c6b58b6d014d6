/**
 * The OneLogin provider.
 *
 * @module
 */
import { defaultProfile } from "../flows/oauth/profile";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims of a OneLogin ID token. */
export interface OneLoginProfile {
  sub: string;
  email?: string;
  preferred_username?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with OneLogin (OpenID Connect). Set `issuer` to the account's URL,
 * `https://{subdomain}.onelogin.com` (or `AUTH_ONELOGIN_ISSUER`); discovery reads
 * `{issuer}/oidc/2/.well-known/openid-configuration`. Its type is `oidc` (Auth.js's typings say
 * OAuth, its module says OIDC; the module is what runs).
 *
 * @param config Overrides of the defaults; `issuer` is required.
 * @returns The provider configuration.
 * @see https://developers.onelogin.com/openid-connect
 * @example
 * ```ts
 * import OneLogin from "@portcullis/core/providers/onelogin"
 * const providers = [OneLogin({ issuer: "https://acme.onelogin.com", clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function OneLogin(config?: OIDCUserConfig<OneLoginProfile>): OIDCConfig<OneLoginProfile> {
  const issuer = typeof config?.issuer === "string" ? config.issuer.replace(/\/+$/, "") : undefined;
  return defineOIDCProvider<OneLoginProfile>(
    {
      id: "onelogin",
      name: "OneLogin",
      type: "oidc",
      ...(issuer && { wellKnown: `${issuer}/oidc/2/.well-known/openid-configuration` }),
      profile: defaultProfile,
      style: { brandColor: "#1c1f2a" },
    },
    config,
  );
}
