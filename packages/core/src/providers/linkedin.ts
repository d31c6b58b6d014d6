/**
 * The LinkedIn provider (Sign In with LinkedIn using OpenID Connect).
 *
 * @module
 */
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
    },
    config,
  );
}
