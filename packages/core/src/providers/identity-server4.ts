/**
 * The IdentityServer4 provider.
 *
 * @module
 */
import { defaultProfile } from "../flows/oauth/profile";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The standard claims an IdentityServer4 issues. */
export interface IdentityServer4Profile {
  sub: string;
  name?: string;
  email?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with IdentityServer4 (OpenID Connect). Set `issuer` to the IdentityServer's URL; the profile is mapped from the standard claims. IdentityServer4 is no longer maintained: prefer `duende-identity-server6`. Register
 * `{origin}/auth/callback/identity-server4` as the redirect URI; the client id and secret are read from
 * `AUTH_IDENTITY_SERVER4_ID` and `AUTH_IDENTITY_SERVER4_SECRET` when not given here.
 *
 * @param config Overrides of the defaults; `issuer` is required (or `AUTH_IDENTITY_SERVER4_ISSUER`).
 * @returns The provider configuration.
 * @see https://identityserver4.readthedocs.io/
 * @example
 * ```ts
 * import IdentityServer4 from "@portcullis/core/providers/identity-server4"
 * const providers = [IdentityServer4({ issuer: "https://demo.identityserver.io", clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function IdentityServer4(
  config?: OIDCUserConfig<IdentityServer4Profile>,
): OIDCConfig<IdentityServer4Profile> {
  return defineOIDCProvider<IdentityServer4Profile>(
    {
      id: "identity-server4",
      name: "IdentityServer4",
      type: "oidc",
      profile: defaultProfile,
      style: { brandColor: "#4b2f87" },
    },
    config,
  );
}
