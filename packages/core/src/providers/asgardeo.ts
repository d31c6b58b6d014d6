/**
 * The Asgardeo provider.
 *
 * @module
 */
import { defaultProfile } from "../flows/oauth/profile";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims of an Asgardeo ID token. */
export interface AsgardeoProfile {
  sub: string;
  given_name?: string;
  email?: string;
  picture?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Asgardeo (WSO2's identity service, OpenID Connect). Set `issuer` to the
 * organisation's URL, `https://api.asgardeo.io/t/{organization}` (or `AUTH_ASGARDEO_ISSUER`);
 * discovery reads `{issuer}/oauth2/token/.well-known/openid-configuration`, where Asgardeo serves
 * it. The client id and secret are read from `AUTH_ASGARDEO_ID` and `AUTH_ASGARDEO_SECRET`.
 *
 * @param config Overrides of the defaults; `issuer` is required.
 * @returns The provider configuration.
 * @see https://wso2.com/asgardeo/docs/guides/authentication/oidc/discover-oidc-configs/
 * @example
 * ```ts
 * import Asgardeo from "@portcullis/core/providers/asgardeo"
 * const providers = [Asgardeo({ issuer: "https://api.asgardeo.io/t/acme", clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Asgardeo(config?: OIDCUserConfig<AsgardeoProfile>): OIDCConfig<AsgardeoProfile> {
  const issuer = typeof config?.issuer === "string" ? config.issuer.replace(/\/+$/, "") : undefined;
  return defineOIDCProvider<AsgardeoProfile>(
    {
      id: "asgardeo",
      name: "Asgardeo",
      type: "oidc",
      ...(issuer && { wellKnown: `${issuer}/oauth2/token/.well-known/openid-configuration` }),
      profile: defaultProfile,
      style: { brandColor: "#000000" },
    },
    config,
  );
}
