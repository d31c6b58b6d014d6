/**
 * The SimpleLogin provider.
 *
 * @module
 */
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims SimpleLogin returns. */
export interface SimpleLoginProfile {
  sub: string;
  name: string;
  email: string;
  email_verified: boolean;
  avatar_url: string | null;
  [claim: string]: unknown;
}

/**
 * Sign in with SimpleLogin (OpenID Connect). The issuer is `https://app.simplelogin.io`. Register
 * `{origin}/auth/callback/simplelogin` as the redirect URI; the client id and secret are read from
 * `AUTH_SIMPLELOGIN_ID` and `AUTH_SIMPLELOGIN_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://simplelogin.io/docs/siwsl/intro/
 * @example
 * ```ts
 * import SimpleLogin from "@portcullis/core/providers/simplelogin"
 * const providers = [SimpleLogin({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function SimpleLogin(
  config?: OIDCUserConfig<SimpleLoginProfile>,
): OIDCConfig<SimpleLoginProfile> {
  return defineOIDCProvider<SimpleLoginProfile>(
    {
      id: "simplelogin",
      name: "SimpleLogin",
      type: "oidc",
      issuer: "https://app.simplelogin.io",
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name,
        email: profile.email,
        image: profile.avatar_url,
      }),
      style: { brandColor: "#e3156a" },
    },
    config,
  );
}
