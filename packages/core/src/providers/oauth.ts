/**
 * An OAuth 2 or OpenID Connect provider of your own, for an identity provider without a built-in
 * factory: the configuration Auth.js takes as a plain object, given to `OAuth()`.
 *
 * ```ts
 * import OAuth from "@portcullis/core/providers/oauth";
 *
 * const providers = [
 *   OAuth({ id: "corp", name: "Corp SSO", type: "oidc", issuer: "https://sso.corp.example", clientId: "app", clientSecret: "s" }),
 * ];
 * ```
 *
 * Why a function: the OAuth sign-in method (and oauth4webapi under it) comes with the providers
 * that use it rather than with `Auth`, so that an app without OAuth does not bundle it. A plain
 * object gets no method, which `Auth` reports at start-up naming this function.
 *
 * @module
 */
import { carriedFlow } from "../flows/carried";
import { oauthFlow } from "../flows/oauth";
import type { OAuthConfig, OIDCConfig } from "../types";

export type {
  OAuth2Config,
  OAuthCheck,
  OAuthConfig,
  OAuthUserConfig,
  OIDCConfig,
  OIDCUserConfig,
  TokenRequestContext,
  UserinfoRequestContext,
} from "../types";

/**
 * Makes a provider of an OAuth 2 (`type: "oauth"`) or OpenID Connect (`type: "oidc"`)
 * configuration, which it takes as it is: every option of {@link OAuthConfig}, defaults
 * included, means what it means on a built-in provider.
 *
 * @param config - The whole configuration: `id`, `name`, `type`, and the endpoints or `issuer`.
 * @returns The provider, ready for `providers` (the same object when it carries a method already).
 * @example
 * ```ts
 * OAuth({
 *   id: "acme",
 *   name: "Acme",
 *   type: "oauth",
 *   authorization: "https://acme.example/oauth/authorize?scope=profile",
 *   token: "https://acme.example/oauth/token",
 *   userinfo: "https://acme.example/api/me",
 *   clientId: "id",
 *   clientSecret: "secret",
 * });
 * ```
 */
export default function OAuth<P>(config: OIDCConfig<P>): OIDCConfig<P>;
export default function OAuth<P>(config: OAuthConfig<P>): OAuthConfig<P>;
export default function OAuth<P>(config: OAuthConfig<P>): OAuthConfig<P> {
  // A provider that carries its method already (Twitter's OAuth 1.0a) keeps it.
  return carriedFlow(config) ? config : { ...config, carriedFlow: oauthFlow };
}
