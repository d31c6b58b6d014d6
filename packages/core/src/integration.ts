/**
 * What a framework integration needs beyond the engine: the origin a request was made to, from
 * the protocol and host the framework resolved, and `getAccessToken` with its cookies handed over.
 */
import type { AuthEngine } from "./engine";
import type { ServerCall } from "./engine/server";
import { RefreshTokenError } from "./errors";
import { HOST } from "./http/origin";
import type { AccessTokenResult } from "./types";

/**
 * The origin (`protocol://host`) a request was made to, or `undefined` when its host is missing or
 * not a plain `host[:port]`, or its protocol is neither `http` nor `https`. Such a request gets a
 * 400 from the auth routes and no session, rather than a 500 from a URL that cannot be built or
 * links on a scheme no browser loads a page from.
 *
 * @param protocol `http` or `https` (any case), as the framework resolved it; see {@link webProtocol}.
 * @param host The Host (or trusted X-Forwarded-Host) as the framework resolved it.
 * @returns The origin, or `undefined`. Never throws.
 * @example
 * ```ts
 * requestOrigin("https", "example.com:8443") // "https://example.com:8443"
 * requestOrigin("http", "evil.example/x") // undefined
 * requestOrigin("ws", "example.com") // undefined
 * ```
 */
export function requestOrigin(protocol: string, host: string | undefined): string | undefined {
  const scheme = httpScheme(protocol);
  if (scheme === undefined || host === undefined || !HOST.test(host)) return undefined;
  const origin = `${scheme}://${host}`;
  return URL.canParse(origin) ? origin : undefined;
}

/**
 * The protocol to build a request's origin on: the one the framework resolved when it is `http` or
 * `https` (any case), else the connection's own. A framework that trusts a proxy hands on whatever
 * its X-Forwarded-Proto says (`ws`, `javascript`, `foo`); the core ignores such a value when it
 * reads the header itself, and an integration ignores it alike through this.
 *
 * @param resolved The framework's protocol (Express `req.protocol`, Fastify `request.protocol`).
 * @param socket The request's connection: a TLS socket (`encrypted: true`) is `https`.
 * @returns `http` or `https`.
 * @example
 * ```ts
 * webProtocol("HTTPS", req.socket) // "https"
 * webProtocol("ws", req.socket) // "http" on a plain connection
 * ```
 */
export function webProtocol(resolved: string | undefined, socket: object | undefined): "http" | "https" {
  const scheme = resolved === undefined ? undefined : httpScheme(resolved);
  if (scheme !== undefined) return scheme;
  return socket !== undefined && "encrypted" in socket && socket.encrypted === true ? "https" : "http";
}

/** `http` or `https` for either name in any case, else undefined. */
function httpScheme(protocol: string): "http" | "https" | undefined {
  const scheme = protocol.toLowerCase();
  return scheme === "http" || scheme === "https" ? scheme : undefined;
}

/**
 * `engine.getAccessToken` for an integration: every cookie the operation made goes to
 * `setCookies` (the re-issued session of a refresh, or the cleared one of a refresh that ended
 * the session) before the token is answered or the error rethrown, so no integration can set one
 * and forget the other.
 *
 * @param engine The configuration's engine.
 * @param providerId The provider whose token is wanted.
 * @param call The request's cookies or headers, and its origin.
 * @param setCookies Sets cookies on the framework's response; called only when there are some.
 * @returns What `getAccessToken` answers.
 * @throws What `getAccessToken` throws, after its cookies were set.
 * @example
 * ```ts
 * const token = await accessTokenWithCookies(createAuth(config), "github", call, (cookies) => {
 *   for (const cookie of cookies) response.headers.append("Set-Cookie", setCookieHeader(cookie))
 * })
 * ```
 */
export async function accessTokenWithCookies(
  engine: AuthEngine,
  providerId: string,
  call: ServerCall,
  setCookies: (cookies: AccessTokenResult["cookies"]) => void | Promise<void>,
): Promise<AccessTokenResult | null> {
  let token: AccessTokenResult | null;
  try {
    token = await engine.getAccessToken(providerId, call);
  } catch (error) {
    if (error instanceof RefreshTokenError && error.cookies.length > 0) await setCookies(error.cookies);
    throw error;
  }
  if (token && token.cookies.length > 0) await setCookies(token.cookies);
  return token;
}
