/**
 * The Beyond Identity provider.
 *
 * @module
 */
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims of a Beyond Identity ID token. */
export interface BeyondIdentityProfile {
  sub: string;
  email: string;
  name: string;
  preferred_username: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Beyond Identity (OpenID Connect). Set `issuer` to the application's issuer URL. Register
 * `{origin}/auth/callback/beyondidentity` as the redirect URI; the client id and secret are read from
 * `AUTH_BEYONDIDENTITY_ID` and `AUTH_BEYONDIDENTITY_SECRET` when not given here.
 *
 * @param config Overrides of the defaults; `issuer` is required (or `AUTH_BEYONDIDENTITY_ISSUER`).
 * @returns The provider configuration.
 * @see https://developer.beyondidentity.com/
 * @example
 * ```ts
 * import BeyondIdentity from "@portcullis/core/providers/beyondidentity"
 * const providers = [BeyondIdentity({ issuer: "https://auth-us.beyondidentity.com/v1/tenants/t/realms/r/applications/a", clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function BeyondIdentity(
  config?: OIDCUserConfig<BeyondIdentityProfile>,
): OIDCConfig<BeyondIdentityProfile> {
  return defineOIDCProvider<BeyondIdentityProfile>(
    {
      id: "beyondidentity",
      name: "Beyond Identity",
      type: "oidc",
      profile: (profile) => ({
        id: profile.sub,
        email: profile.email,
        name: profile.name,
        image: null,
      }),
      style: { brandColor: "#5077c5" },
    },
    config,
  );
}
