/**
 * The Hydra provider.
 *
 * @module
 */
import { defaultProfile } from "../flows/oauth/profile";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The standard claims an Ory Hydra ID token carries. */
export interface OryHydraProfile {
  sub: string;
  iss: string;
  aud: string[];
  email?: string;
  name?: string;
  picture?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Hydra (OpenID Connect). The id is `hydra`, as in Auth.js. Set `issuer` to the Hydra public URL. Register
 * `{origin}/auth/callback/hydra` as the redirect URI; the client id and secret are read from
 * `AUTH_HYDRA_ID` and `AUTH_HYDRA_SECRET` when not given here.
 *
 * @param config Overrides of the defaults; `issuer` is required (or `AUTH_HYDRA_ISSUER`).
 * @returns The provider configuration.
 * @see https://www.ory.sh/docs/hydra/
 * @example
 * ```ts
 * import OryHydra from "@portcullis/core/providers/ory-hydra"
 * const providers = [OryHydra({ issuer: "https://hydra.example.com", clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function OryHydra(config?: OIDCUserConfig<OryHydraProfile>): OIDCConfig<OryHydraProfile> {
  return defineOIDCProvider<OryHydraProfile>(
    {
      id: "hydra",
      name: "Hydra",
      type: "oidc",
      profile: defaultProfile,
      style: { brandColor: "#ffffff" },
    },
    config,
  );
}
