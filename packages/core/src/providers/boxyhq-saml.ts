/**
 * The BoxyHQ SAML (SAML Jackson) provider: SAML single sign-on through Jackson's OAuth 2 bridge.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The user as Jackson's userinfo endpoint returns it, from the SAML assertion. */
export interface BoxyHQSAMLProfile {
  id: string;
  email: string;
  firstName?: string;
  lastName?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with SAML through a BoxyHQ SAML Jackson service, which fronts the SAML identity
 * providers with OAuth 2. Set `issuer` to the Jackson service's URL (or `AUTH_BOXYHQ_SAML_ISSUER`);
 * every endpoint is built from it. The authorization request carries `provider=saml`; pass the
 * tenant and product as `authorization.params` (`tenant`, `product`) or in the sign-in call.
 *
 * @param config Overrides of the defaults; `issuer` is required.
 * @returns The provider configuration.
 * @see https://boxyhq.com/docs/jackson/overview
 * @example
 * ```ts
 * import BoxyHQSAML from "@portcullis/core/providers/boxyhq-saml"
 * const providers = [BoxyHQSAML({ issuer: "https://jackson.example.com", clientId: "dummy", clientSecret: "dummy" })]
 * ```
 */
export default function BoxyHQSAML(
  config?: OAuthUserConfig<BoxyHQSAMLProfile>,
): OAuth2Config<BoxyHQSAMLProfile> {
  const issuer = typeof config?.issuer === "string" ? config.issuer.replace(/\/+$/, "") : undefined;
  return defineOAuthProvider<BoxyHQSAMLProfile>(
    {
      id: "boxyhq-saml",
      name: "BoxyHQ SAML",
      type: "oauth",
      ...(issuer && {
        authorization: { url: `${issuer}/api/oauth/authorize`, params: { provider: "saml" } },
        token: `${issuer}/api/oauth/token`,
        userinfo: `${issuer}/api/oauth/userinfo`,
      }),
      profile: (profile) => ({
        id: profile.id,
        email: profile.email,
        name: [profile.firstName, profile.lastName].filter(Boolean).join(" "),
        image: null,
      }),
      style: { brandColor: "#25c2a0" },
    },
    config,
  );
}
