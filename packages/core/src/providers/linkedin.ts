/**
 * The LinkedIn provider (Sign In with LinkedIn using OpenID Connect).
 *
 * @module
 */

import { providerMark } from "../pages/provider-logos";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims LinkedIn returns for the `openid profile email` scope. */
export interface LinkedInProfile {
  iss?: string;
  aud?: string;
  iat?: number;
  exp?: number;
  sub: string;
  name: string;
  given_name: string;
  family_name: string;
  picture?: string;
  locale?: string | { country: string; language: string };
  email?: string;
  email_verified?: boolean;
}

/**
 * Sign in with LinkedIn (the "Sign In with LinkedIn using OpenID Connect" product, issuer
 * `https://www.linkedin.com/oauth`). Add `{origin}/auth/callback/linkedin` to the app's Authorized
 * redirect URLs; the client id and secret are read from `AUTH_LINKEDIN_ID` and
 * `AUTH_LINKEDIN_SECRET` when not given here. LinkedIn only accepts the secret in the request body
 * (`client_secret_post`) and supports PKCE only for native apps, so `state` protects the callback.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://learn.microsoft.com/en-us/linkedin/consumer/integrations/self-serve/sign-in-with-linkedin-v2
 * @example
 * ```ts
 * import LinkedIn from "@portcullis/core/providers/linkedin"
 * const providers = [LinkedIn({ clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function LinkedIn(config?: OIDCUserConfig<LinkedInProfile>): OIDCConfig<LinkedInProfile> {
  return defineOIDCProvider<LinkedInProfile>(
    {
      id: "linkedin",
      name: "LinkedIn",
      type: "oidc",
      issuer: "https://www.linkedin.com/oauth",
      authorization: { params: { scope: "openid profile email" } },
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["state"],
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#0a66c2" },
      [providerMark]:
        '<path fill-rule="evenodd" d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm1.5 7v7.5H9V10zm1.3-4a1.4 1.4 0 1 0 0 2.8 1.4 1.4 0 0 0 0-2.8zM11 10v7.5h2.5v-4c0-1 .6-1.6 1.4-1.6s1.1.6 1.1 1.6v4h2.5V13c0-2.3-1.2-3.2-2.8-3.2a2.7 2.7 0 0 0-2.2 1.1V10z"/>',
    },
    config,
  );
}
