/**
 * The Kinde provider.
 *
 * @module
 */
import { defaultProfile } from "../flows/oauth/profile";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims of a Kinde ID token. */
export interface KindeProfile {
  sub: string;
  email: string;
  name: string;
  given_name?: string;
  family_name?: string;
  picture: string | null;
  [claim: string]: unknown;
}

/**
 * Sign in with Kinde (OpenID Connect). Set `issuer` to the business's Kinde domain; the checks are `state` and `pkce`. Register
 * `{origin}/auth/callback/kinde` as the redirect URI; the client id and secret are read from
 * `AUTH_KINDE_ID` and `AUTH_KINDE_SECRET` when not given here.
 *
 * @param config Overrides of the defaults; `issuer` is required (or `AUTH_KINDE_ISSUER`).
 * @returns The provider configuration.
 * @see https://docs.kinde.com/developer-tools/about/using-kinde-without-an-sdk/
 * @example
 * ```ts
 * import Kinde from "@portcullis/core/providers/kinde"
 * const providers = [Kinde({ issuer: "https://example.kinde.com", clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Kinde(config?: OIDCUserConfig<KindeProfile>): OIDCConfig<KindeProfile> {
  return defineOIDCProvider<KindeProfile>(
    {
      id: "kinde",
      name: "Kinde",
      type: "oidc",
      checks: ["state", "pkce"],
      profile: defaultProfile,
      style: { brandColor: "#ffffff" },
    },
    config,
  );
}
