/**
 * The Auth0 provider.
 *
 * @module
 */

import { providerMark } from "../pages/provider-logos";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The standard claims Auth0 puts in its ID token for the `openid profile email` scope. */
export interface Auth0Profile {
  sub: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  nickname?: string;
  picture?: string;
  email?: string;
  email_verified?: boolean;
  locale?: string;
  updated_at?: string;
  org_id?: string;
}

/**
 * Sign in through an Auth0 tenant (OpenID Connect). Set `issuer` to the tenant's domain, e.g.
 * `https://your-tenant.eu.auth0.com` (or `AUTH_AUTH0_ISSUER`); there is no default. Add
 * `{origin}/auth/callback/auth0` to the application's Allowed Callback URLs; the client id and
 * secret are read from `AUTH_AUTH0_ID` and `AUTH_AUTH0_SECRET` when not given here.
 *
 * @param config Overrides of the defaults; `issuer` is required.
 * @returns The provider configuration.
 * @see https://auth0.com/docs/get-started/authentication-and-authorization-flow/authorization-code-flow-with-pkce
 * @example
 * ```ts
 * import Auth0 from "@portcullis/core/providers/auth0"
 * const providers = [Auth0({ issuer: "https://example.eu.auth0.com", clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function Auth0(config?: OIDCUserConfig<Auth0Profile>): OIDCConfig<Auth0Profile> {
  return defineOIDCProvider<Auth0Profile>(
    {
      id: "auth0",
      name: "Auth0",
      type: "oidc",
      authorization: { params: { scope: "openid profile email" } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? profile.nickname ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#eb5424" },
      [providerMark]: '<path d="m12 2.5 2.9 6.6 7.1.6-5.4 4.7 1.6 7-6.2-3.7-6.2 3.7 1.6-7L2 9.7l7.1-.6z"/>',
    },
    config,
  );
}
