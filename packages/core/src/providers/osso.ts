/**
 * The Osso provider.
 *
 * @module
 */
import { defaultProfile } from "../flows/oauth/profile";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The user as Osso's `/oauth/me` returns it. */
export interface OssoProfile {
  id: string;
  email: string;
  idp: string;
  requested?: Record<string, unknown>;
  [claim: string]: unknown;
}

/**
 * Sign in with SAML through an Osso deployment, which fronts the SAML identity providers with
 * OAuth 2. Set `issuer` to the deployment's URL (or `AUTH_OSSO_ISSUER`); every endpoint is built
 * from it. The profile is mapped by the default mapping (`id`, `email`).
 *
 * @param config Overrides of the defaults; `issuer` is required.
 * @returns The provider configuration.
 * @see https://ossoapp.com/docs/
 * @example
 * ```ts
 * import Osso from "@portcullis/core/providers/osso"
 * const providers = [Osso({ issuer: "https://osso.example.com/", clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Osso(config?: OAuthUserConfig<OssoProfile>): OAuth2Config<OssoProfile> {
  // Auth.js expects the issuer with a trailing slash; accept it with or without.
  const issuer = typeof config?.issuer === "string" ? config.issuer.replace(/\/+$/, "") : undefined;
  return defineOAuthProvider<OssoProfile>(
    {
      id: "osso",
      name: "Osso",
      type: "oauth",
      ...(issuer && {
        authorization: `${issuer}/oauth/authorize`,
        token: `${issuer}/oauth/token`,
        userinfo: `${issuer}/oauth/me`,
      }),
      profile: defaultProfile,
      style: { brandColor: "#000000" },
    },
    config,
  );
}
