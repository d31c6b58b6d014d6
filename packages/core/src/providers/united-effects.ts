/**
 * The United Effects provider.
 *
 * @module
 */
import { defaultProfile } from "../flows/oauth/profile";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims of a United Effects ID token. */
export interface UnitedEffectsProfile {
  sub: string;
  email: string;
  [claim: string]: unknown;
}

/**
 * Sign in with United Effects Core EOS (OpenID Connect). Set `issuer` to the authentication
 * group's issuer, `https://auth.unitedeffects.com/{authGroupId}` (or `AUTH_UNITED_EFFECTS_ISSUER`);
 * it is also sent as the `resource` of the authorization request, as United Effects expects. The
 * default scope is `openid email profile`.
 *
 * @param config Overrides of the defaults; `issuer` is required.
 * @returns The provider configuration.
 * @see https://docs.unitedeffects.com/
 * @example
 * ```ts
 * import UnitedEffects from "@portcullis/core/providers/united-effects"
 * const providers = [UnitedEffects({ issuer: "https://auth.unitedeffects.com/group", clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function UnitedEffects(
  config?: OIDCUserConfig<UnitedEffectsProfile>,
): OIDCConfig<UnitedEffectsProfile> {
  const issuer = typeof config?.issuer === "string" ? config.issuer : undefined;
  return defineOIDCProvider<UnitedEffectsProfile>(
    {
      id: "united-effects",
      name: "United Effects",
      type: "oidc",
      authorization: {
        params: { scope: "openid email profile", ...(issuer && { resource: issuer }) },
      },
      profile: defaultProfile,
      style: { brandColor: "#000000" },
    },
    config,
  );
}
