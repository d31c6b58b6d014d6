/**
 * The Passage provider.
 *
 * @module
 */
import { defaultProfile } from "../flows/oauth/profile";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims of a Passage ID token. */
export interface PassageProfile {
  sub: string;
  iss: string;
  aud: string[];
  email: string;
  email_verified: boolean;
  phone_number?: string;
  phone_number_verified?: boolean;
  [claim: string]: unknown;
}

/**
 * Sign in with Passage (OpenID Connect). Set `issuer` to the app's Passage issuer; the client authenticates with `client_secret_basic`. Register
 * `{origin}/auth/callback/passage` as the redirect URI; the client id and secret are read from
 * `AUTH_PASSAGE_ID` and `AUTH_PASSAGE_SECRET` when not given here.
 *
 * @param config Overrides of the defaults; `issuer` is required (or `AUTH_PASSAGE_ISSUER`).
 * @returns The provider configuration.
 * @see https://docs.passage.id/
 * @example
 * ```ts
 * import Passage from "@portcullis/core/providers/passage"
 * const providers = [Passage({ issuer: "https://auth.passage.id/v1/apps/app123", clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Passage(config?: OIDCUserConfig<PassageProfile>): OIDCConfig<PassageProfile> {
  return defineOIDCProvider<PassageProfile>(
    {
      id: "passage",
      name: "Passage",
      type: "oidc",
      client: { token_endpoint_auth_method: "client_secret_basic" },
      profile: defaultProfile,
      style: { brandColor: "#3d53f6" },
    },
    config,
  );
}
