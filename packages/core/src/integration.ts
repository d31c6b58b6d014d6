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
