/**
 * The Azure AD B2C provider.
 *
 * @module
 */
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims of an Azure AD B2C ID token (which claims appear is set in the user flow). */
export interface AzureADB2CProfile {
  iss: string;
  aud: string;
  exp: number;
  iat: number;
  nbf?: number;
  sub: string;
  /** The object id of the user in the directory. */
  oid?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  preferred_username?: string;
  /** B2C returns the user's addresses as a list. */
  emails?: string[];
  email?: string;
  idp?: string;
  /** The user flow (policy) that issued the token. */
  tfp?: string;
  acr?: string;
}

/**
 * Sign in through an Azure AD B2C user flow (OpenID Connect). B2C's discovery document is per user
 * flow, so set `wellKnown` to the flow's metadata URL
 * (`https://{tenant}.b2clogin.com/{tenant}.onmicrosoft.com/{policy}/v2.0/.well-known/openid-configuration`)
 * and `issuer` to the `issuer` that document names (or `AUTH_AZURE_AD_B2C_ISSUER`); there is no
 * default. Add `{origin}/auth/callback/azure-ad-b2c` to the app registration's redirect URIs; the
 * client id and secret are read from `AUTH_AZURE_AD_B2C_ID` and `AUTH_AZURE_AD_B2C_SECRET` when not
 * given here. Select "Email Addresses" among the flow's application claims to get an email.
 *
 * @param config Overrides of the defaults; `issuer` (and usually `wellKnown`) are required.
 * @returns The provider configuration.
 * @see https://learn.microsoft.com/en-us/azure/active-directory-b2c/openid-connect
 * @example
 * ```ts
 * import AzureADB2C from "@portcullis/core/providers/azure-ad-b2c"
 * const providers = [
 *   AzureADB2C({
 *     issuer: "https://contoso.b2clogin.com/00000000-0000-0000-0000-000000000000/v2.0/",
 *     wellKnown: "https://contoso.b2clogin.com/contoso.onmicrosoft.com/B2C_1_signin/v2.0/.well-known/openid-configuration",
 *     clientId: "abc",
 *     clientSecret: "secret",
 *   }),
 * ]
 * ```
 */
export default function AzureADB2C(
  config?: OIDCUserConfig<AzureADB2CProfile>,
): OIDCConfig<AzureADB2CProfile> {
  return defineOIDCProvider<AzureADB2CProfile>(
    {
      id: "azure-ad-b2c",
      name: "Azure AD B2C",
      type: "oidc",
      authorization: { params: { scope: "openid offline_access" } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? profile.preferred_username ?? null,
        email: profile.emails?.[0] ?? profile.email ?? null,
        image: null,
      }),
      style: { brandColor: "#0072c6" },
    },
    config,
  );
}
