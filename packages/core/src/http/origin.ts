/**
 * Where the app is served: its origin and whether that is https. The one place that decides which
 * request headers may name the app's public origin, because every link mailed, every OAuth
 * `redirect_uri`, every redirect-proxy forward and the base of every redirect is built on it.
 *
 * The rule, strongest source first:
 * 1. `AUTH_URL` (or `NEXTAUTH_URL`): the origin is fixed; no header counts.
 * 2. Declared trust (`trustHost: true`, `AUTH_TRUST_HOST=true`, or a platform that sets the
 *    headers itself: Vercel, Cloudflare Pages): X-Forwarded-Host and X-Forwarded-Proto, else Host.
 * 3. Nothing declared, outside production: the Host header alone, and only a loopback host
 *    (`localhost`, `*.localhost`, `127.x.x.x`, `[::1]`), so `npm run dev` works while a forged
 *    Host or X-Forwarded-Host cannot make a dev-mode server mail a link to another site. Another
 *    host gets a 400, and {@link UntrustedHost} is logged with what to set.
 * 4. Anything else: {@link UntrustedHost}, a configuration error that says what to set.
 */
import type { InternalConfig } from "../config/normalize";
import { UntrustedHost } from "../errors";
import { BadRequest } from "./request";

/**
 * A host: a name or address with an optional port. Anything else (spaces, an unclosed bracket)
 * cannot form a URL, or (a slash, `?`, `#`, `@`) would make a URL point at another path.
 */
export const HOST = /^[\w.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** Which request headers may name the app's origin when `AUTH_URL` is not set. */
export type HostTrust = "proxy" | "loopback" | "none";

/**
 * The host trust of a configuration: `proxy` when the deployer declared it (`trustHost: true`,
 * directly or through the environment), `loopback` when nothing is declared outside production,
 * else `none`.
 *
 * @param trustHost The configuration's `trustHost` after environment defaults.
 * @param production Whether `NODE_ENV` is `production`.
 * @returns The trust level.
 * @example
 * ```ts
 * hostTrust(undefined, false) // "loopback"
 * ```
 */
export function hostTrust(trustHost: boolean | undefined, production: boolean): HostTrust {
  if (trustHost === true) return "proxy";
  if (trustHost === undefined && !production) return "loopback";
  return "none";
}

/**
 * The request's public URL (same path and query), resolved by the rule above.
 *
 * @param request The request as the integration handed it over.
 * @param config The normalised configuration.
 * @returns The URL on the app's public origin.
 * @throws {BadRequest} When the request URL cannot be parsed, a trusted proxy's X-Forwarded-Host
 * is not a valid `host[:port]`, or a development server without a declared origin gets a
 * non-loopback host (the client's doing, or not yet configured: a 400, never a 500).
 * @throws {UntrustedHost} In production, when nothing declares the public origin.
 * @example
 * ```ts
 * const url = publicUrl(request, config) // https://app.example/auth/session
 * ```
 */
export function publicUrl(request: Request, config: InternalConfig): URL {
  // A Request always has a valid URL, but an integration's lazy one (or a hand-made object) may
  // not: that is the request's fault, not the configuration's.
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new BadRequest("The request URL cannot be parsed.");
  }
  if (config.url) return withOrigin(url, config.url.protocol, config.url.host);
  if (config.hostTrust === "proxy") {
    const host = forwardedHost(request.headers.get("x-forwarded-host")) ?? url.host;
    const protocol = publicProtocol(url.protocol, request.headers.get("x-forwarded-proto"), config);
    return withOrigin(url, protocol, host);
  }
  if (config.hostTrust === "loopback") {
    if (isLoopback(url.hostname)) return url;
    // Either the app runs somewhere without saying where, or a client forged the Host: the
    // client gets a 400, and the log tells the deployer what to set.
    config.logger.error(untrustedHost(url.host, "loopback"));
    throw new BadRequest("The request's host is not a loopback host and no public URL is configured.");
  }
  throw untrustedHost(url.host, "none");
}

/**
 * The refusal of a host nothing vouches for, saying what to set: under `loopback` trust (nothing
 * declared, outside production) for a host that is not a loopback one, under `none` for any.
 *
 * @param host The host the request named.
 * @param trust The configuration's host trust.
 * @returns The error to log or throw.
 * @example
 * ```ts
 * throw untrustedHost("app.example", "none")
 * ```
 */
export function untrustedHost(host: string, trust: Exclude<HostTrust, "proxy">): UntrustedHost {
  const why =
    trust === "loopback"
      ? ": without AUTH_URL or a declared trust, only loopback hosts (localhost, 127.0.0.1, [::1]) are served"
      : "";
  return new UntrustedHost(
    `Host ${host} is not trusted${why}. Set AUTH_URL to the app's public URL, or AUTH_TRUST_HOST=true (or \`trustHost: true\`) when a proxy you run sets the Host and X-Forwarded-* headers.`,
  );
}

/**
 * The scheme of the app's public origin, by the rule above: `AUTH_URL`'s, else under declared
 * trust the proxy's X-Forwarded-Proto (`http` or `https`, any case; another value is ignored),
 * else the request's own. It picks the cookie family (`__Secure-` or not), so everything that
 * reads the session cookie outside the routes (`getToken`) decides it here too.
 *
 * @param requestProtocol The request URL's protocol (`https:`).
 * @param forwardedProto The X-Forwarded-Proto header, or null.
 * @param origin The configured URL (`AUTH_URL`) and the host trust.
 * @returns The protocol, with its colon.
 * @example
 * ```ts
 * publicProtocol("http:", "https", { hostTrust: "proxy" }) // "https:"
 * ```
 */
export function publicProtocol(
  requestProtocol: string,
  forwardedProto: string | null,
  origin: { url?: URL; hostTrust: HostTrust },
): string {
  if (origin.url) return origin.url.protocol;
  if (origin.hostTrust !== "proxy") return requestProtocol;
  const proto = firstValue(forwardedProto)?.toLowerCase();
  return proto === "https" || proto === "http" ? `${proto}:` : requestProtocol;
}

/**
 * Whether a URL hostname is a loopback name or address: `localhost` and its subdomains
 * (RFC 6761 reserves them for the local machine), 127.0.0.0/8, and `[::1]`.
 *
 * @param hostname A WHATWG URL's `hostname` (lowercase, IPv6 in brackets).
 * @returns True for loopback hosts.
 * @example
 * ```ts
 * isLoopback("127.0.0.1") // true
 * ```
 */
export function isLoopback(hostname: string): boolean {
  return (
    hostname === "localhost" ||
    hostname.endsWith(".localhost") ||
    hostname === "[::1]" ||
    /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
  );
}

/**
 * The first X-Forwarded-Host value when it is a host a URL can be built on. A value that is not
 * (`a:99999`, `1.2.3.4.5`, `[::::]`, a path) is refused rather than ignored: falling back to the
 * Host header behind a proxy would put the proxy's internal name into links.
 */
function forwardedHost(header: string | null): string | undefined {
  const value = firstValue(header);
  if (value === undefined) return undefined;
  if (HOST.test(value) && URL.canParse(`http://${value}`)) return value;
  throw new BadRequest("X-Forwarded-Host is not a valid host.");
}

// Built anew rather than by setting url.host: that setter keeps the old port when the new host has none.
function withOrigin(url: URL, protocol: string, host: string): URL {
  if (url.protocol === protocol && url.host === host) return url;
  return new URL(`${protocol}//${host}${url.pathname}${url.search}`);
}

/**
 * The first value of a comma-separated proxy header (the one the nearest client-facing proxy
 * wrote first), trimmed; `undefined` when empty.
 *
 * @param header The header's value, or null.
 * @returns The first value, or undefined.
 * @example
 * ```ts
 * firstValue("app.example, internal:3000") // "app.example"
 * ```
 */
export function firstValue(header: string | null): string | undefined {
  return header?.split(",")[0]?.trim() || undefined;
}
