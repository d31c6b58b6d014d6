/**
 * The Keycloak provider.
 *
 * @module
 */

import { providerMark } from "../pages/provider-logos";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider, standardClaimsProfile } from "./oauth-factory";

/** The claims of a Keycloak ID token for the `openid profile email` scope. */
export interface KeycloakProfile {
  iss: string;
  aud: string;
  exp: number;
  iat: number;
  auth_time?: number;
  jti?: string;
  sub: string;
  typ?: "ID";
  azp?: string;
  session_state?: string;
  sid?: string;
  acr?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  locale?: string;
}

/**
 * Sign in through a Keycloak realm (OpenID Connect). Set `issuer` to the realm's URL, e.g.
 * `https://keycloak.example.com/realms/my-realm` (or `AUTH_KEYCLOAK_ISSUER`); there is no default.
 * Add `{origin}/auth/callback/keycloak` to the client's Valid redirect URIs; the client id and
 * secret are read from `AUTH_KEYCLOAK_ID` and `AUTH_KEYCLOAK_SECRET` when not given here.
 *
 * @param config Overrides of the defaults; `issuer` is required.
 * @returns The provider configuration.
 * @see https://www.keycloak.org/docs/latest/securing_apps/#_oidc
 * @example
 * ```ts
 * import Keycloak from "@portcullis/core/providers/keycloak"
 * const providers = [Keycloak({ issuer: "https://kc.example.com/realms/main", clientId: "app", clientSecret: "secret" })]
 * ```
 */
export default function Keycloak(config?: OIDCUserConfig<KeycloakProfile>): OIDCConfig<KeycloakProfile> {
  return defineOIDCProvider<KeycloakProfile>(
    {
      id: "keycloak",
      name: "Keycloak",
      type: "oidc",
      authorization: { params: { scope: "openid profile email" } },
      profile: standardClaimsProfile,
      style: { brandColor: "#008aaa" },
      [providerMark]:
        '<path d="M7 3h10l5 9-5 9H7l-5-9z" fill="none" stroke="currentColor" stroke-width="2"/><path d="m10.5 8.5-2 3.5 2 3.5m3-7 2 3.5-2 3.5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
    },
    config,
  );
}
