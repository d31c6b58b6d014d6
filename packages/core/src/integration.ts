/**
 * Small helpers for framework integrations that turn their own request objects into Web
 * Requests: the origin a request was made to, the session of such a request, and a
 * configuration mounted at a path.
 */
import type { AuthConfigInput } from "./auth";
import { getSession } from "./get-session";
import { HOST } from "./http/origin";
import type { AuthConfig, Session } from "./types";

/**
 * The origin (`protocol://host`) a request was made to, or `undefined` when its host is missing or
 * not a plain `host[:port]`. Such a request gets a 400 from the auth routes and no session, rather
 * than a 500 from a URL that cannot be built.
 *
 * @param protocol `http` or `https`, as the framework resolved it.
 * @param host The Host (or trusted X-Forwarded-Host) as the framework resolved it.
 * @returns The origin, or `undefined`. Never throws.
 * @example
 * ```ts
 * requestOrigin("https", "example.com:8443") // "https://example.com:8443"
 * requestOrigin("http", "evil.example/x") // undefined
 * ```
 */
export function requestOrigin(protocol: string, host: string | undefined): string | undefined {
  if (host === undefined || !HOST.test(host)) return undefined;
  const origin = `${protocol}://${host}`;
  return URL.canParse(origin) ? origin : undefined;
}

/**
 * The session of a request a framework has already parsed: only its origin (the protocol and host
 * the framework resolved, having judged any proxy headers itself) and its Cookie header are
 * passed on. `null` when there is no session or the host is not a plain `host[:port]`.
 *
 * @param protocol `http` or `https`, as the framework resolved it.
 * @param host The host as the framework resolved it.
 * @param cookie The request's Cookie header, if any.
 * @param config The configuration.
 * @returns The session, or `null`. Never throws.
 * @example
 * ```ts
 * const session = await sessionAt(req.protocol, req.host, req.headers.cookie, config)
 * ```
 */
export async function sessionAt(
  protocol: string,
  host: string | undefined,
  cookie: string | undefined,
  config: AuthConfig,
): Promise<Session | null> {
  const origin = requestOrigin(protocol, host);
  if (origin === undefined) return null;
  return getSession(new Request(origin, { headers: cookie ? { cookie } : {} }), config);
}

// One copy per (configuration, mount path), so the core's per-object cache keeps working.
const copies = new WeakMap<AuthConfig, Map<string, AuthConfig>>();

/**
 * The configuration with `basePath` set to the path the handler is mounted at, unless the
 * configuration sets `basePath` itself (then that wins and must match the mount point). A function
 * configuration is wrapped so its result gets the same treatment.
 *
 * @param config The user's configuration, or a function of the request returning one.
 * @param basePath The mount path, e.g. Express's `req.baseUrl` or a Fastify plugin's prefix.
 * @returns A configuration input for `Auth`. Never throws.
 * @example
 * ```ts
 * await Auth(request, withBasePath(config, req.baseUrl))
 * ```
 */
export function withBasePath(config: AuthConfigInput, basePath: string): AuthConfigInput {
  if (typeof config === "function") return async (request) => mounted(await config(request), basePath);
  return mounted(config, basePath);
}

function mounted(config: AuthConfig, basePath: string): AuthConfig {
  if (config.basePath !== undefined) return config;
  let byPath = copies.get(config);
  if (!byPath) {
    byPath = new Map();
    copies.set(config, byPath);
  }
  let copy = byPath.get(basePath);
  if (!copy) {
    copy = { ...config, basePath };
    byPath.set(basePath, copy);
  }
  return copy;
}
