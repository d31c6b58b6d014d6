/**
 * The DuendeIdentityServer6 provider.
 *
 * @module
 */
import { defaultProfile } from "../flows/oauth/profile";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The standard claims a Duende IdentityServer issues. */
export interface DuendeISUser {
  sub: string;
  name: string;
  email: string;
  [claim: string]: unknown;
}

/**
 * Sign in with DuendeIdentityServer6 (OpenID Connect). Set `issuer` to the IdentityServer's URL; the profile is mapped from the standard claims. Register
 * `{origin}/auth/callback/duende-identity-server6` as the redirect URI; the client id and secret are read from
 * `AUTH_DUENDE_IDENTITY_SERVER6_ID` and `AUTH_DUENDE_IDENTITY_SERVER6_SECRET` when not given here.
 *
 * @param config Overrides of the defaults; `issuer` is required (or `AUTH_DUENDE_IDENTITY_SERVER6_ISSUER`).
 * @returns The provider configuration.
 * @see https://docs.duendesoftware.com/identityserver/
 * @example
 * ```ts
 * import DuendeIdentityServer6 from "@portcullis/core/providers/duende-identity-server6"
 * const providers = [DuendeIdentityServer6({ issuer: "https://demo.duendesoftware.com", clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function DuendeIdentityServer6(
  config?: OIDCUserConfig<DuendeISUser>,
): OIDCConfig<DuendeISUser> {
  return defineOIDCProvider<DuendeISUser>(
    {
      id: "duende-identity-server6",
      name: "DuendeIdentityServer6",
      type: "oidc",
      profile: defaultProfile,
      style: { brandColor: "#2a2a72" },
    },
    config,
  );
}
