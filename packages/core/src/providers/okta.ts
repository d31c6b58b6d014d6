/**
 * The Okta provider.
 *
 * @module
 */

import { providerMark } from "../pages/provider-logos";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider, standardClaimsProfile } from "./oauth-factory";

/** The claims of an Okta ID token for the `openid profile email` scope. */
export interface OktaProfile {
  iss: string;
  ver?: number;
  sub: string;
  aud: string;
  iat: number;
  exp: number;
  jti?: string;
  auth_time?: number;
  amr?: string[];
  idp?: string;
  nonce?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  middle_name?: string;
  nickname?: string;
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  locale?: string;
  zoneinfo?: string;
  updated_at?: number;
  picture?: string;
}

/**
 * Sign in through an Okta org (OpenID Connect). Set `issuer` to the authorization server, e.g.
 * `https://dev-123456.okta.com/oauth2/default` (or the org itself, `https://dev-123456.okta.com`;
 * or `AUTH_OKTA_ISSUER`); there is no default. Add `{origin}/auth/callback/okta` to the app
 * integration's Sign-in redirect URIs; the client id and secret are read from `AUTH_OKTA_ID` and
 * `AUTH_OKTA_SECRET` when not given here. Okta requires `state` besides PKCE.
 *
 * @param config Overrides of the defaults; `issuer` is required.
 * @returns The provider configuration.
 * @see https://developer.okta.com/docs/guides/implement-grant-type/authcodepkce/main/
 * @example
 * ```ts
 * import Okta from "@portcullis/core/providers/okta"
 * const providers = [Okta({ issuer: "https://dev-123456.okta.com/oauth2/default", clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function Okta(config?: OIDCUserConfig<OktaProfile>): OIDCConfig<OktaProfile> {
  return defineOIDCProvider<OktaProfile>(
    {
      id: "okta",
      name: "Okta",
      type: "oidc",
      authorization: { params: { scope: "openid profile email" } },
      checks: ["pkce", "state"],
      profile: standardClaimsProfile,
      style: { brandColor: "#007dc1" },
      [providerMark]: '<circle cx="12" cy="12" r="7.5" fill="none" stroke="currentColor" stroke-width="4"/>',
    },
    config,
  );
}
