/**
 * The Descope provider.
 *
 * @module
 */
import { defaultProfile } from "../flows/oauth/profile";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims of a Descope ID token. */
export interface DescopeProfile {
  sub: string;
  name: string;
  email: string;
  email_verified: boolean;
  phone_number?: string;
  phone_number_verified?: boolean;
  picture?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Descope (OpenID Connect, checks `pkce` and `state`). The client id is the Descope
 * project id; the issuer defaults to `https://api.descope.com/{clientId}`, so only `clientId` and
 * `clientSecret` (or `AUTH_DESCOPE_ID` and `AUTH_DESCOPE_SECRET`) are needed.
 *
 * @param config Overrides of the defaults; `issuer` for another Descope region or domain.
 * @returns The provider configuration.
 * @see https://docs.descope.com/
 * @example
 * ```ts
 * import Descope from "@portcullis/core/providers/descope"
 * const providers = [Descope({ clientId: "P2abc", clientSecret: "secret" })]
 * ```
 */
export default function Descope(config?: OIDCUserConfig<DescopeProfile>): OIDCConfig<DescopeProfile> {
  const projectId = config?.clientId;
  return defineOIDCProvider<DescopeProfile>(
    {
      id: "descope",
      name: "Descope",
      type: "oidc",
      ...(projectId && { issuer: `https://api.descope.com/${encodeURIComponent(projectId)}` }),
      checks: ["pkce", "state"],
      profile: defaultProfile,
      style: { brandColor: "#1c1c23" },
    },
    config,
  );
}
