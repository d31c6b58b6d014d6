/**
 * Normalises an OAuth 2 / OpenID Connect provider configuration once per provider object:
 * endpoints parsed to URLs and checked, discovery settings, default checks, profile and account
 * callbacks, and the oauth4webapi client and client authentication. Requests reuse the result
 * (a WeakMap keyed by the provider object), so nothing here runs per sign-in.
 */
import { type Client, type ClientAuth, ClientSecretBasic, ClientSecretPost, None } from "oauth4webapi";
import { InvalidConfiguration, InvalidEndpoints } from "../../errors";
import { customFetch } from "../../symbols";
import type {
  Awaitable,
  EndpointHandler,
  InternalOAuthProvider,
  OAuth2Config,
  OAuthCheck,
  Profile,
  TokenSet,
  User,
} from "../../types";
import type { DiscoverySource } from "./discovery";
import { type TenantAuthority, tenantRules, type WithTenantRules } from "./microsoft-tenants";
import { defaultAccount, defaultProfile } from "./profile";
import { assertSecureEndpoint } from "./transport";

/** A `conform` hook: rewrites a provider's non-standard response before it is processed. */
export type Conform = (response: Response) => Awaitable<Response | undefined>;

/** Everything about a provider that does not depend on the request. */
export interface OAuthRuntime {
  /** The normalised provider, as custom `token`/`userinfo` requests receive it. */
  provider: InternalOAuthProvider;
  /** Endpoints configured explicitly; they win over discovered ones. */
  endpoints: { authorization?: URL; token?: URL; userinfo?: URL; jwks?: URL };
  /** Set when the metadata must be discovered. */
  discovery?: DiscoverySource;
  client: Client;
  clientAuth: ClientAuth;
  conform: { token?: Conform; userinfo?: Conform };
  /** The provider's `[customFetch]`, used for every request to it; undefined: global `fetch`. */
  fetch?: typeof fetch;
  /** Set for a Microsoft multi-tenant authority: each ID token is checked against its tenant. */
  tenants?: TenantAuthority;
}

type Endpoint = string | EndpointHandler<Record<string, unknown>, never, unknown> | undefined;

const cache = new WeakMap<OAuth2Config, OAuthRuntime>();

function endpointUrl(endpoint: Endpoint, providerId: string, option: string): URL | undefined {
  const raw = typeof endpoint === "string" ? endpoint : endpoint?.url;
  if (raw === undefined || raw === "") return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidEndpoints(`OAuth provider "${providerId}": \`${option}\` is not a valid URL.`);
  }
  assertSecureEndpoint(url, providerId, `\`${option}\` URL`);
  return url;
}

function handler<T extends Endpoint>(endpoint: T): Exclude<T, string> | undefined {
  return typeof endpoint === "object" ? (endpoint as Exclude<T, string>) : undefined;
}

function clientAuthentication(config: OAuth2Config): ClientAuth {
  const method =
    config.client?.token_endpoint_auth_method ?? (config.clientSecret ? "client_secret_basic" : "none");
  if (method === "none") return None();
  if (method !== "client_secret_basic" && method !== "client_secret_post") {
    throw new InvalidConfiguration(
      `OAuth provider "${config.id}": token_endpoint_auth_method "${String(method)}" is not supported; use client_secret_basic, client_secret_post or none.`,
    );
  }
  if (!config.clientSecret) {
    throw new InvalidConfiguration(
      `OAuth provider "${config.id}" uses ${method} but has no clientSecret: set \`clientSecret\` or AUTH_${config.id.toUpperCase().replace(/-/g, "_")}_SECRET.`,
    );
  }
  return method === "client_secret_post"
    ? ClientSecretPost(config.clientSecret)
    : ClientSecretBasic(config.clientSecret);
}

function defaultChecks(config: OAuth2Config): OAuthCheck[] {
  const checks: OAuthCheck[] = config.checks ?? ["pkce"];
  return [...new Set(checks)].filter((check) => check !== "none");
}

/** When the explicit endpoints leave something to discover, where to discover it from. */
function discoverySource(
  config: OAuth2Config,
  endpoints: OAuthRuntime["endpoints"],
  tenants: TenantAuthority | undefined,
): DiscoverySource | undefined {
  const documentIssuer = tenants?.documentIssuer;
  if (config.wellKnown) return { issuer: config.issuer, wellKnown: config.wellKnown, documentIssuer };
  if (!config.issuer) return undefined;
  const incomplete =
    !endpoints.authorization ||
    (!endpoints.token && !handler(config.token)?.request) ||
    (config.type === "oidc" ? !endpoints.jwks : !endpoints.userinfo && !handler(config.userinfo)?.request);
  return incomplete ? { issuer: config.issuer, documentIssuer } : undefined;
}

/**
 * The first endpoint a provider without discovery lacks: a URL for authorization and token (or a
 * token request), the issuer an OIDC provider's ID tokens are checked against, and for plain
 * OAuth 2 a userinfo URL or request to read the user from. Undefined when none is missing.
 */
function missingEndpoint(config: OAuth2Config, endpoints: OAuthRuntime["endpoints"]): string | undefined {
  if (!endpoints.authorization) return "authorization";
  if (!endpoints.token && !handler(config.token)?.request) return "token";
  if (config.type === "oidc") return config.issuer ? undefined : "issuer";
  return endpoints.userinfo || handler(config.userinfo)?.request ? undefined : "userinfo";
}

function normalize(config: OAuth2Config): OAuthRuntime {
  const { id } = config;
  const endpoints = {
    authorization: endpointUrl(config.authorization, id, "authorization"),
    token: endpointUrl(config.token, id, "token"),
    userinfo: endpointUrl(config.userinfo, id, "userinfo"),
    jwks: endpointUrl(config.jwks_endpoint, id, "jwks_endpoint"),
  };
  const rules = (config as WithTenantRules)[tenantRules];
  const tenants = config.issuer ? rules?.(config.issuer) : undefined;
  const discovery = discoverySource(config, endpoints, tenants);
  const missing = discovery ? undefined : missingEndpoint(config, endpoints);
  if (missing) {
    throw new InvalidEndpoints(
      missing === "issuer"
        ? `OpenID Connect provider "${id}" needs an \`issuer\` to check its ID tokens.`
        : `OAuth provider "${id}" has no \`${missing}\`, nor an \`issuer\` (or \`wellKnown\`) to discover it from.`,
    );
  }
  // After the endpoints, which are the code's to fix wherever it runs: a missing client id is
  // often only this machine's environment (see checkClientIds in config/validate.ts).
  if (!config.clientId) {
    throw new InvalidConfiguration(
      `OAuth provider "${id}" has no clientId: set \`clientId\` or AUTH_${id.toUpperCase().replace(/-/g, "_")}_ID.`,
    );
  }
  const token = handler(config.token);
  const userinfo = handler(config.userinfo);
  const provider: InternalOAuthProvider = {
    ...config,
    authorization: { url: endpoints.authorization, params: { ...handler(config.authorization)?.params } },
    token: { url: endpoints.token, request: token?.request },
    userinfo: { url: endpoints.userinfo, request: userinfo?.request },
    checks: defaultChecks(config),
    profile: (config.profile as ((p: Profile, t: TokenSet) => Awaitable<User>) | undefined) ?? defaultProfile,
    account: config.account ?? defaultAccount,
  };
  return {
    provider,
    endpoints,
    discovery,
    client: { ...config.client, client_id: config.clientId },
    clientAuth: clientAuthentication(config),
    conform: { token: token?.conform, userinfo: userinfo?.conform },
    fetch: config[customFetch],
    tenants,
  };
}

/**
 * The normalised form of an OAuth/OIDC provider configuration, built on first use and cached
 * per provider object.
 *
 * @param config - The provider configuration (with `AUTH_{ID}_*` environment values filled in).
 * @returns The runtime view of the provider.
 * @throws {InvalidConfiguration} When `clientId` (or a secret its client authentication needs)
 * is missing, or the authentication method is unsupported.
 * @throws {InvalidEndpoints} When an endpoint is not a valid https (or loopback http) URL, or
 * there is neither an issuer to discover nor authorization and token URLs.
 * @example
 * ```ts
 * const { provider, client } = oauthRuntime(ctx.provider as OAuth2Config)
 * ```
 */
export function oauthRuntime(config: OAuth2Config): OAuthRuntime {
  let runtime = cache.get(config);
  if (!runtime) {
    runtime = normalize(config);
    cache.set(config, runtime);
  }
  return runtime;
}
