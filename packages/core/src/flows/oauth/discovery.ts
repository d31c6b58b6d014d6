/**
 * OpenID Connect discovery with a per-issuer cache. A provider's metadata rarely changes, and
 * fetching it on every sign-in would add a round trip and make every sign-in fail while the
 * document is briefly unreachable; so a document is kept for an hour. Concurrent first requests
 * share one fetch. A failed discovery is not kept: the next sign-in tries again. A provider with its
 * own fetch (`[customFetch]`) gets a cache of its own: its transport may see another network (a
 * proxy, a split-horizon DNS), so its document must not stand in for the global fetch's, or back.
 * The tenants of a Microsoft multi-tenant authority (see `microsoft-tenants.ts`) are cached apart
 * from the configured issuers, so many tenants signing in cannot push those out.
 */
import { type AuthorizationServer, discoveryRequest, processDiscoveryResponse } from "oauth4webapi";
import { InvalidEndpoints } from "../../errors";
import { boundedFetch } from "./bounded-fetch";
import { assertSecureEndpoint, requestOptions, timeoutSignal } from "./transport";

/** How long a discovered document is used before it is fetched again, in seconds. */
export const DISCOVERY_TTL_SECONDS = 60 * 60;

/** Where a provider's metadata comes from: its issuer, or an explicit discovery URL. */
export interface DiscoverySource {
  /** The expected issuer; the document must name exactly this one. */
  issuer?: string;
  /** The discovery document's URL; default `{issuer}/.well-known/openid-configuration`. */
  wellKnown?: string;
  /**
   * The issuer the document must name when it is not `issuer`: the `{tenantid}` template of a
   * Microsoft multi-tenant authority. Set by the flow only, never from configuration.
   */
  documentIssuer?: string;
}

interface Entry {
  fetchedAt: number;
  server: Promise<AuthorizationServer>;
}

/** Cached documents: one bounded map for the global fetch and one per provider's own fetch. */
interface Caches {
  limit: number;
  global: Map<string, Entry>;
  custom: WeakMap<typeof fetch, Map<string, Entry>>;
}

function cacheFor(caches: Caches, fetcher: typeof fetch | undefined): Map<string, Entry> {
  if (!fetcher) return caches.global;
  let cache = caches.custom.get(fetcher);
  if (!cache) {
    cache = new Map();
    caches.custom.set(fetcher, cache);
  }
  return cache;
}

/** The configured issuers' documents: bounded, so configurations built per request cannot grow it without end. */
const issuers: Caches = { limit: 100, global: new Map(), custom: new WeakMap() };

/**
 * How many tenants of multi-tenant authorities are cached. Who signs in chooses the tenant, so
 * the number is bounded; each costs a document and its key set (a few KiB to some tens of KiB).
 * A tenant pushed out is discovered again at its next sign-in.
 */
export const TENANT_CACHE_LIMIT = 256;
const tenants: Caches = { limit: TENANT_CACHE_LIMIT, global: new Map(), custom: new WeakMap() };

const WELL_KNOWN = "/.well-known/openid-configuration";

/** The issuer a discovery URL implies: the URL without its `/.well-known/openid-configuration`. */
function issuerOf(wellKnown: URL): URL | undefined {
  if (!wellKnown.pathname.endsWith(WELL_KNOWN) || wellKnown.search !== "") return undefined;
  return new URL(wellKnown.href.slice(0, wellKnown.href.length - WELL_KNOWN.length) || "/");
}

/** The endpoints of a discovered document a sign-in uses (the end-session one is checked at sign-out). */
const ENDPOINTS = [
  ["authorization_endpoint", "authorization endpoint"],
  ["token_endpoint", "token endpoint"],
  ["userinfo_endpoint", "userinfo endpoint"],
  ["jwks_uri", "jwks_uri"],
] as const;

/**
 * The document, once each of its endpoints is a URL over https (or http on loopback). Checked
 * before the document is cached, so a broken one is fetched again on the next sign-in, and the
 * error names the provider and the endpoint.
 */
function withUsableEndpoints(server: AuthorizationServer, providerId: string): AuthorizationServer {
  for (const [key, what] of ENDPOINTS) {
    const value: unknown = server[key];
    if (value === undefined) continue;
    let url: URL;
    try {
      url = new URL(value as string);
    } catch {
      throw new InvalidEndpoints(`OAuth provider "${providerId}": the discovered ${what} is not a URL.`);
    }
    assertSecureEndpoint(url, providerId, `discovered ${what}`);
  }
  return server;
}

async function fetchMetadata(
  source: DiscoverySource,
  providerId: string,
  timeoutMs: number,
  fetcher: typeof fetch | undefined,
): Promise<AuthorizationServer> {
  if (source.wellKnown !== undefined) {
    const url = new URL(source.wellKnown);
    assertSecureEndpoint(url, providerId, "discovery document (wellKnown)");
    const named = source.documentIssuer ?? source.issuer;
    const expected = named !== undefined ? new URL(named) : issuerOf(url);
    if (!expected) {
      throw new TypeError("set `issuer`: it cannot be derived from this wellKnown URL");
    }
    const response = await boundedFetch(fetcher)(url, {
      headers: { accept: "application/json" },
      redirect: "manual",
      signal: timeoutSignal(timeoutMs)?.(),
    });
    return withUsableEndpoints(await processDiscoveryResponse(expected, response), providerId);
  }
  const issuer = new URL(source.issuer!);
  assertSecureEndpoint(issuer, providerId, "issuer");
  const response = await discoveryRequest(issuer, {
    algorithm: "oidc",
    ...requestOptions(issuer, timeoutMs, fetcher),
  });
  const named = new URL(source.documentIssuer ?? issuer);
  return withUsableEndpoints(await processDiscoveryResponse(named, response), providerId);
}

/**
 * The discovery URL of a source, for log lines.
 *
 * @param source - The issuer and/or wellKnown URL.
 * @returns The URL that discovery fetches.
 * @example
 * ```ts
 * discoveryUrl({ issuer: "https://idp.example" }) // "https://idp.example/.well-known/openid-configuration"
 * ```
 */
export function discoveryUrl(source: DiscoverySource): string {
  return source.wellKnown ?? `${source.issuer?.replace(/\/+$/, "")}${WELL_KNOWN}`;
}

/**
 * The provider metadata (RFC 8414 / OpenID Connect Discovery 1.0) of an issuer, from the cache
 * when it was fetched less than {@link DISCOVERY_TTL_SECONDS} ago, else fetched and checked: the
 * document's `issuer` must equal the configured issuer (or, with only `wellKnown`, the issuer its
 * URL implies; or, for a Microsoft multi-tenant authority, its `documentIssuer` template), so a
 * document cannot redirect sign-in to another provider.
 *
 * @param source - The issuer and/or wellKnown URL.
 * @param providerId - Named in configuration errors.
 * @param now - The current time in ms (the configuration's clock).
 * @param timeoutMs - How long the fetch may take, in ms (`timeouts.http`).
 * @param fetcher - The provider's custom fetch (`[customFetch]`); undefined for the global one.
 * @returns The metadata. The same object is returned while it is cached.
 * @throws Whatever the fetch or the check throws (describe it with `describeFailure`); an
 * InvalidEndpoints error for a plain-http URL outside localhost.
 * @see https://openid.net/specs/openid-connect-discovery-1_0.html
 * @example
 * ```ts
 * const as = await discover({ issuer: "https://accounts.google.com" }, "google", Date.now(), 10_000)
 * ```
 */
export function discover(
  source: DiscoverySource,
  providerId: string,
  now: number,
  timeoutMs: number,
  fetcher?: typeof fetch,
): Promise<AuthorizationServer> {
  return cached(issuers, source, providerId, now, timeoutMs, fetcher);
}

/**
 * The metadata of one tenant of a Microsoft multi-tenant authority, discovered from its issuer
 * (`{origin}/{tenant id}/v2.0`), which the document must name exactly. Cached as {@link discover}
 * caches, but apart from the configured issuers and for at most {@link TENANT_CACHE_LIMIT}
 * tenants, the least recently fetched going first.
 *
 * @param issuer - The tenant's issuer.
 * @param providerId - Named in configuration errors.
 * @param now - The current time in ms (the configuration's clock).
 * @param timeoutMs - How long the fetch may take, in ms (`timeouts.http`).
 * @param fetcher - The provider's custom fetch (`[customFetch]`); undefined for the global one.
 * @returns The tenant's metadata; the same object while it is cached.
 * @throws As {@link discover}.
 * @see https://learn.microsoft.com/en-us/entra/identity-platform/access-tokens#validate-the-issuer
 * @example
 * ```ts
 * const tenant = await discoverTenant("https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0", "microsoft-entra-id", Date.now(), 10_000)
 * ```
 */
export function discoverTenant(
  issuer: string,
  providerId: string,
  now: number,
  timeoutMs: number,
  fetcher?: typeof fetch,
): Promise<AuthorizationServer> {
  return cached(tenants, { issuer }, providerId, now, timeoutMs, fetcher);
}

function cached(
  caches: Caches,
  source: DiscoverySource,
  providerId: string,
  now: number,
  timeoutMs: number,
  fetcher: typeof fetch | undefined,
): Promise<AuthorizationServer> {
  const cache = cacheFor(caches, fetcher);
  const key = `${source.issuer ?? ""} ${source.wellKnown ?? ""} ${source.documentIssuer ?? ""}`;
  const hit = cache.get(key);
  if (hit && now - hit.fetchedAt < DISCOVERY_TTL_SECONDS * 1000 && now >= hit.fetchedAt) {
    return hit.server;
  }
  const server = fetchMetadata(source, providerId, timeoutMs, fetcher);
  const entry: Entry = { fetchedAt: now, server };
  cache.delete(key);
  if (cache.size >= caches.limit) cache.delete(cache.keys().next().value!);
  cache.set(key, entry);
  server.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return server;
}
