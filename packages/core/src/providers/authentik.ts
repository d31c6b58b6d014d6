/**
 * The authentik provider.
 *
 * @module
 */
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider, standardClaimsProfile } from "./oauth-factory";

/** The claims authentik puts in its ID token for the `openid profile email` scope. */
export interface AuthentikProfile {
  iss: string;
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  auth_time?: number;
  acr?: string;
  name?: string;
  given_name?: string;
  preferred_username?: string;
  nickname?: string;
  email?: string;
  email_verified?: boolean;
  groups?: string[];
  picture?: string;
}

/**
 * Sign in through an authentik instance (OpenID Connect). Create an OAuth2/OpenID provider and an
 * application in authentik, add `{origin}/auth/callback/authentik` to its redirect URIs, and set
 * `issuer` to the provider's issuer, e.g. `https://authentik.example.com/application/o/my-app/`
 * (or `AUTH_AUTHENTIK_ISSUER`); there is no default. The client id and secret are read from
 * `AUTH_AUTHENTIK_ID` and `AUTH_AUTHENTIK_SECRET` when not given here.
 *
 * @param config Overrides of the defaults; `issuer` is required.
 * @returns The provider configuration.
 * @see https://docs.goauthentik.io/docs/add-secure-apps/providers/oauth2/
 * @example
 * ```ts
 * import Authentik from "@portcullis/core/providers/authentik"
 * const providers = [Authentik({ issuer: "https://authentik.example.com/application/o/app/", clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function Authentik(config?: OIDCUserConfig<AuthentikProfile>): OIDCConfig<AuthentikProfile> {
  return defineOIDCProvider<AuthentikProfile>(
    {
      id: "authentik",
      name: "authentik",
      type: "oidc",
      authorization: { params: { scope: "openid profile email" } },
      profile: standardClaimsProfile,
      style: { brandColor: "#fd4b2d" },
    },
    config,
  );
}
