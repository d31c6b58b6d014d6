/**
 * The Frontegg provider.
 *
 * @module
 */
import { defaultProfile } from "../flows/oauth/profile";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims of a Frontegg ID token. */
export interface FronteggProfile {
  sub: string;
  name: string;
  email: string;
  email_verified: boolean;
  profilePictureUrl?: string;
  roles?: string[];
  tenantId?: string;
  tenantIds?: string[];
  [claim: string]: unknown;
}

/**
 * Sign in with Frontegg (OpenID Connect). Set `issuer` to the workspace's login URL, e.g.
 * `https://app-abc.frontegg.com` (or `AUTH_FRONTEGG_ISSUER`); the endpoints and the discovery
 * document (`{issuer}/oauth/.well-known/openid-configuration`) are built from it.
 *
 * @param config Overrides of the defaults; `issuer` is required.
 * @returns The provider configuration.
 * @see https://docs.frontegg.com/
 * @example
 * ```ts
 * import Frontegg from "@portcullis/core/providers/frontegg"
 * const providers = [Frontegg({ issuer: "https://app-abc.frontegg.com", clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Frontegg(config?: OIDCUserConfig<FronteggProfile>): OIDCConfig<FronteggProfile> {
  const issuer = typeof config?.issuer === "string" ? config.issuer.replace(/\/+$/, "") : undefined;
  return defineOIDCProvider<FronteggProfile>(
    {
      id: "frontegg",
      name: "Frontegg",
      type: "oidc",
      ...(issuer && {
        authorization: `${issuer}/oauth/authorize`,
        token: `${issuer}/oauth/token`,
        userinfo: `${issuer}/identity/resources/users/v2/me`,
        wellKnown: `${issuer}/oauth/.well-known/openid-configuration`,
      }),
      profile: defaultProfile,
      style: { brandColor: "#4461f2" },
    },
    config,
  );
}
