/**
 * Small helpers for framework integrations: the origin a request was made to, the session of a
 * request the framework has parsed, a configuration mounted at a path, and what server-side calls
 * to the core need (the base path, the configuration without the CSRF check, the answer's
 * cookies split for a framework's cookie API).
 */
import type { AuthConfigInput } from "./auth";
import { deriveWithoutCsrf, internalConfig, normalizeBasePath } from "./config/normalize";
import { getSession } from "./get-session";
import { lazyRequest } from "./http/lazy-request";
import { HOST } from "./http/origin";
import {
  type AuthConfig,
  type CookieSerializeOptions,
  type ProviderType,
  type Session,
  skipCSRFCheck,
} from "./types";

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
  const headers = () => new Headers(cookie ? { cookie } : {});
  return getSession(lazyRequest({ url: `${origin}/`, method: "GET", headers }), config);
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

/**
 * The path a configuration's routes are served under, as the core reads it: `basePath`, else the
 * path of `AUTH_URL`, else `/auth`, with one leading and no trailing slash (`""` for the root).
 * Read from the core's normalised configuration, so it is worked out once per configuration
 * object.
 *
 * @param config The configuration.
 * @returns e.g. `/auth`. Never throws.
 * @example
 * ```ts
 * basePathOf({ basePath: "api/auth/", providers: [] }) // "/api/auth"
 * ```
 */
export function basePathOf(config: AuthConfig): string {
  try {
    return internalConfig(config).basePath;
  } catch {
    // A configuration the core cannot read: its routes all answer 500 wherever they are.
    return normalizeBasePath(config.basePath ?? "/auth");
  }
}

/**
 * The type of the configured provider with this id, as the core resolves it (bare factories
 * called, environment defaults applied, cached per configuration object). An integration's
 * server-side `signIn` posts a credentials form to `{basePath}/callback/{id}` and every other
 * provider to `{basePath}/signin/{id}`.
 *
 * @param config The configuration.
 * @param id A provider id, e.g. `credentials` or `github`.
 * @returns `credentials`, `oauth`, `oidc`, `email` or `webauthn`; `undefined` when no provider has
 * the id or the configuration cannot be read (the core then answers its routes with a 500).
 * @example
 * ```ts
 * const step = providerTypeOf(config, "credentials") === "credentials" ? "callback" : "signin"
 * ```
 */
export function providerTypeOf(config: AuthConfig, id: string): ProviderType | undefined {
  try {
    return internalConfig(config).providerById.get(id)?.type;
  } catch {
    return undefined;
  }
}

// One copy per configuration object, sharing the original's normalised form (its adapter, its
// providers) but for the check; it is not normalised again, so no warning is repeated.
const withoutCsrf = new WeakMap<AuthConfig, AuthConfig>();

/**
 * The configuration with the core's CSRF check off, for an integration's server-side `signIn`,
 * `signOut` and session update. The check is a double-submit token that a browser round-trips;
 * these calls are made by the app's own server code (a form action or server action, which the
 * framework guards against cross-site posts), so there is no token to check. The routes under
 * `basePath` must keep using the original configuration.
 *
 * @param config The app's configuration.
 * @returns A copy with `skipCSRFCheck`, the same object on every call for the same `config`.
 * @example
 * ```ts
 * const response = await Auth(formPost, withoutCsrfCheck(config))
 * ```
 */
export function withoutCsrfCheck<Config extends AuthConfig>(config: Config): Config {
  let copy = withoutCsrf.get(config);
  if (!copy) {
    copy = { ...config, skipCSRFCheck };
    try {
      deriveWithoutCsrf(copy, config);
    } catch {
      // A configuration the core cannot read: the copy's requests get its 500 like the original's.
    }
    withoutCsrf.set(config, copy);
  }
  return copy as Config;
}

/** One Set-Cookie header of a core answer, split into its parts. */
export interface SetCookieParts {
  name: string;
  /** As the core wrote it: percent-encoded (see `serializeCookie`). */
  value: string;
  options: CookieSerializeOptions;
}

const SAME_SITE: Record<string, CookieSerializeOptions["sameSite"]> = {
  lax: "lax",
  strict: "strict",
  none: "none",
};

/**
 * Splits the Set-Cookie headers of a core answer for a framework's cookie API (`cookies().set`
 * in Next.js, `event.cookies.set` in SvelteKit), so an integration can re-issue them from its own
 * response. Attributes the core never writes, and malformed ones, are dropped.
 *
 * @param response The core's answer.
 * @returns The cookies in header order; a header without `name=` is skipped. Never throws.
 * @example
 * ```ts
 * for (const { name, value, options } of setCookiesOf(response)) store.set(name, decodeURIComponent(value), options)
 * ```
 */
export function setCookiesOf(response: Response): SetCookieParts[] {
  const cookies: SetCookieParts[] = [];
  for (const header of response.headers.getSetCookie()) {
    const [pair = "", ...attributes] = header.split(";");
    const eq = pair.indexOf("=");
    const name = eq < 0 ? "" : pair.slice(0, eq).trim();
    if (name === "") continue;
    const options: CookieSerializeOptions = {};
    for (const attribute of attributes) {
      const at = attribute.indexOf("=");
      const key = (at < 0 ? attribute : attribute.slice(0, at)).trim().toLowerCase();
      const arg = at < 0 ? "" : attribute.slice(at + 1).trim();
      if (key === "path" && arg.startsWith("/")) options.path = arg;
      else if (key === "domain" && arg !== "") options.domain = arg;
      else if (key === "max-age" && /^-?\d+$/.test(arg)) options.maxAge = Number(arg);
      else if (key === "expires" && !Number.isNaN(Date.parse(arg))) options.expires = new Date(arg);
      else if (key === "httponly") options.httpOnly = true;
      else if (key === "secure") options.secure = true;
      else if (key === "partitioned") options.partitioned = true;
      else if (key === "samesite" && SAME_SITE[arg.toLowerCase()])
        options.sameSite = SAME_SITE[arg.toLowerCase()];
    }
    cookies.push({ name, value: pair.slice(eq + 1).trim(), options });
  }
  return cookies;
}
