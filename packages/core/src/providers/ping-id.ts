/**
 * The Ping Identity provider.
 *
 * @module
 */
import { defaultProfile } from "../flows/oauth/profile";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The standard claims a PingOne ID token carries. */
export interface PingProfile {
  sub: string;
  iss: string;
  aud: string;
  env: string;
  org: string;
  email?: string;
  name?: string;
  preferred_username?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Ping Identity (OpenID Connect). Set `issuer` to the environment's issuer, `https://auth.pingone.com/{environmentId}/as`. Register
 * `{origin}/auth/callback/ping-id` as the redirect URI; the client id and secret are read from
 * `AUTH_PING_ID_ID` and `AUTH_PING_ID_SECRET` when not given here.
 *
 * @param config Overrides of the defaults; `issuer` is required (or `AUTH_PING_ID_ISSUER`).
 * @returns The provider configuration.
 * @see https://docs.pingidentity.com/
 * @example
 * ```ts
 * import PingId from "@portcullis/core/providers/ping-id"
 * const providers = [PingId({ issuer: "https://auth.pingone.com/0a7af83d-4ed9-4829-b4b5-14e7bc6b0e7a/as", clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function PingId(config?: OIDCUserConfig<PingProfile>): OIDCConfig<PingProfile> {
  return defineOIDCProvider<PingProfile>(
    {
      id: "ping-id",
      name: "Ping Identity",
      type: "oidc",
      profile: defaultProfile,
      style: { brandColor: "#b3282d" },
    },
    config,
  );
}
