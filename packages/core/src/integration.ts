/**
 * What a framework integration needs beyond the engine: the origin a request was made to, from
 * the protocol and host the framework resolved.
 */
import { HOST } from "./http/origin";

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
