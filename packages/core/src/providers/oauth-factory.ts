/**
 * Building blocks of the built-in OAuth / OpenID Connect provider factories: merging a user's
 * overrides over a provider's defaults, and the small authenticated JSON requests some providers
 * need for their profile or token. Each provider file uses these and stays independent of the
 * others, so bundlers keep only the providers an app imports.
 *
 * @module
 */

import { discardBody } from "../cancel-body";
import { InvalidConfiguration, OAuthCallbackError } from "../errors";
import { oauthFlow } from "../flows/oauth";
import { boundedFetch } from "../flows/oauth/bounded-fetch";
import { quoted } from "../flows/oauth/failure";
import type { ProviderMarked } from "../pages/provider-logos";
import { customFetch } from "../symbols";
import type {
  EndpointHandler,
  OAuth2Config,
  OAuthUserConfig,
  OIDCConfig,
  OIDCUserConfig,
  User,
} from "../types";

type Endpoint<C, R> = string | EndpointHandler<Record<string, string>, C, R>;

/**
 * Merges an endpoint override over a default. A string replaces the default entirely; an object
 * is laid over it (a default string counts as its `url`), with `params` merged key by key.
 */
function mergeEndpoint<C, R>(base?: Endpoint<C, R>, override?: Endpoint<C, R>): Endpoint<C, R> | undefined {
  if (typeof override === "string") return override;
  if (typeof base === "string" && !override) return base;
  const from = typeof base === "string" ? { url: base } : base;
  if (!from && !override) return undefined;
  const merged = { ...from, ...override };
  if (from?.params || override?.params) merged.params = { ...from?.params, ...override?.params };
  return merged;
}

/**
 * Returns a provider configuration: the provider's `defaults` with the user's `config` laid over
 * them. Fields the user sets win, fields left `undefined` keep the default. `authorization`,
 * `token` and `userinfo` given as a string replace the default; given as an object they are merged
 * into it (so `{ params: { prompt: "consent" } }` keeps the default URL and scope). `style` and
 * `client` are merged key by key. Endpoints, their params, `style`, `client` and `checks` are
 * fresh copies, so changing one returned configuration never changes the defaults of the next.
 *
 * @param defaults The provider's built-in configuration.
 * @param config The user's overrides; any field of the configuration except `type`.
 * @returns A new configuration object.
 * @see SPEC.md "Provider configuration (common)"
 * @example
 * ```ts
 * const provider = defineOAuthProvider(
 *   { id: "acme", name: "Acme", type: "oauth", authorization: { url: "https://acme.test/authorize", params: { scope: "profile" } } },
 *   { clientId: "id", authorization: { params: { prompt: "login" } } },
 * )
 * ```
 */
export function defineOAuthProvider<P>(
  defaults: OAuth2Config<P> & ProviderMarked,
  config?: OAuthUserConfig<P>,
): OAuth2Config<P> {
  const given = { ...config } as Partial<OAuth2Config<P>>;
  const merged: OAuth2Config<P> = { ...defaults };
  for (const [key, value] of Object.entries(given)) {
    if (value !== undefined && key !== "type") merged[key] = value;
  }
  const authorization = mergeEndpoint(defaults.authorization, given.authorization);
  const token = mergeEndpoint(defaults.token, given.token);
  const userinfo = mergeEndpoint(defaults.userinfo, given.userinfo);
  if (authorization) merged.authorization = authorization;
  if (token) merged.token = token;
  if (userinfo) merged.userinfo = userinfo;
  if (defaults.style || given.style) merged.style = { ...defaults.style, ...given.style };
  if (defaults.client || given.client) merged.client = { ...defaults.client, ...given.client };
  const checks = given.checks ?? defaults.checks;
  if (checks) merged.checks = [...checks];
  // Object.entries skips symbol keys, so the custom fetch is carried over by name.
  const fetcher = given[customFetch] ?? defaults[customFetch];
  if (fetcher) merged[customFetch] = fetcher;
  merged.carriedFlow = oauthFlow;
  return merged;
}

/**
 * The OpenID Connect form of {@link defineOAuthProvider}: the same merge, typed as an OIDC
 * configuration.
 *
 * @param defaults The provider's built-in configuration (`type: "oidc"`).
 * @param config The user's overrides.
 * @returns A new configuration object.
 * @example
 * ```ts
 * const provider = defineOIDCProvider({ id: "acme", name: "Acme", type: "oidc" }, { issuer: "https://id.acme.test" })
 * ```
 */
export function defineOIDCProvider<P>(
  defaults: OIDCConfig<P> & ProviderMarked,
  config?: OIDCUserConfig<P>,
): OIDCConfig<P> {
  return { ...defineOAuthProvider(defaults, config), type: "oidc" };
}

/**
 * Sends a request to a provider's API and returns the parsed JSON body. Used by custom
 * `userinfo.request` and `token.request` handlers.
 *
 * @param url Where to send the request.
 * @param init The fetch options (method, headers with the access token, body).
 * @param what Names the request in the error message, e.g. "GitHub user request". The message
 *   holds only this and the HTTP status, never the token or the response body, which may echo it.
 * @returns The JSON body, typed by the caller.
 * @throws {OAuthCallbackError} When the response is not 2xx or its body is not JSON.
 * @throws {ProviderAnswerTooLarge} When the body is larger than a mebibyte.
 * @example
 * ```ts
 * const user = await requestJson<{ id: number }>("https://api.github.com/user", { headers: { Authorization: "Bearer t" } }, "GitHub user request")
 * ```
 */
export async function requestJson<T>(url: string | URL, init: RequestInit, what: string): Promise<T> {
  const response = await boundedFetch()(url, init);
  if (!response.ok) {
    // Not shown, because it may echo secrets.
    discardBody(response);
    throw new OAuthCallbackError(`${what} failed with HTTP ${response.status}`);
  }
  try {
    return (await response.json()) as T;
  } catch (cause) {
    throw new OAuthCallbackError(`${what} returned a body that is not JSON`, { cause });
  }
}

/**
 * What a failed token answer of a provider that reports errors with HTTP 200 said, for the log:
 * its error code quoted (control characters and all: the provider chose it), or that the access
 * token was missing.
 *
 * @param code - The answer's error code field (`error`, `errcode`...), if any.
 * @returns E.g. `error "invalid_grant"`, or `no access_token`.
 * @example
 * ```ts
 * throw new OAuthCallbackError(`TikTok token request failed: ${tokenFailure(tokens.error)}`)
 * ```
 */
export function tokenFailure(code: unknown): string {
  return code === undefined || code === null || code === "" ? "no access_token" : `error ${quoted(code)}`;
}

/**
 * The redirect URI of a provider, for custom token requests that must repeat it (RFC 6749
 * section 4.1.3). The core sets `callbackUrl` on the normalised provider.
 *
 * @param provider The normalised provider from the request context.
 * @returns The callback URL, e.g. `https://app.example/auth/callback/tiktok`.
 * @throws {InvalidConfiguration} When the provider carries no callback URL.
 * @example
 * ```ts
 * const redirectUri = callbackUrlOf({ id: "tiktok", callbackUrl: "https://app.example/auth/callback/tiktok" })
 * ```
 */
export function callbackUrlOf(provider: { readonly [key: string]: unknown }): string {
  const { callbackUrl } = provider;
  if (typeof callbackUrl === "string") return callbackUrl;
  if (callbackUrl instanceof URL) return callbackUrl.href;
  throw new InvalidConfiguration(
    `The ${String(provider.id)} provider needs its callbackUrl to exchange the code`,
  );
}

/** The standard OpenID Connect claims a profile mapping reads. */
export interface StandardClaims {
  sub: string;
  name?: string | null;
  preferred_username?: string | null;
  email?: string | null;
  picture?: string | null;
}

/**
 * Maps standard OpenID Connect claims to a user: `sub` as id, `name` (else `preferred_username`),
 * `email` and `picture`. Shared by the identity-server providers (Keycloak, Okta, authentik,
 * ZITADEL) whose profiles are exactly these claims.
 *
 * @param profile The ID token claims or userinfo answer.
 * @returns The user.
 * @example
 * ```ts
 * standardClaimsProfile({ sub: "42", preferred_username: "ada" }) // { id: "42", name: "ada", email: null, image: null }
 * ```
 */
export function standardClaimsProfile(profile: StandardClaims): User {
  return {
    id: profile.sub,
    name: profile.name ?? profile.preferred_username ?? null,
    email: profile.email ?? null,
    image: profile.picture ?? null,
  };
}
