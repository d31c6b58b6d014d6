/**
 * The Google provider.
 *
 * @module
 */

import { providerMark } from "../pages/provider-logos";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims of a Google ID token for the `openid profile email` scope. */
export interface GoogleProfile {
  iss: "https://accounts.google.com" | "accounts.google.com";
  azp: string;
  aud: string;
  sub: string;
  email: string;
  email_verified: boolean;
  at_hash?: string;
  nonce?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
  locale?: string;
  /** The Google Workspace domain of the account, when it has one. */
  hd?: string;
  iat: number;
  exp: number;
}

/**
 * Sign in with Google (OpenID Connect, issuer `https://accounts.google.com`). Add
 * `{origin}/auth/callback/google` to the Authorized redirect URIs of the OAuth client in the
 * Google Cloud console; the client id and secret are read from `AUTH_GOOGLE_ID` and
 * `AUTH_GOOGLE_SECRET` when not given here. To get a refresh token, set
 * `authorization.params` to `{ access_type: "offline", prompt: "consent" }`.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developers.google.com/identity/openid-connect/openid-connect
 * @example
 * ```ts
 * import Google from "@portcullis/core/providers/google"
 * const providers = [Google({ clientId: "123.apps.googleusercontent.com", clientSecret: "secret" })]
 * ```
 */
export default function Google(config?: OIDCUserConfig<GoogleProfile>): OIDCConfig<GoogleProfile> {
  return defineOIDCProvider<GoogleProfile>(
    {
      id: "google",
      name: "Google",
      type: "oidc",
      issuer: "https://accounts.google.com",
      authorization: { params: { scope: "openid profile email" } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#1a73e8" },
      [providerMark]:
        '<path d="M19.5 12h-7M19.5 12a7.5 7.5 0 1 1-2.2-5.3" fill="none" stroke="currentColor" stroke-width="3"/>',
    },
    config,
  );
}
