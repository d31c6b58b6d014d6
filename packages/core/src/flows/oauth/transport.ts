/**
 * How Portcullis talks to identity providers over the network: which endpoint URLs it accepts,
 * and the options every oauth4webapi request gets (a time-out, and plain http for loopback only).
 */
import { allowInsecureRequests, type HttpRequestOptions } from "oauth4webapi";
import { InvalidEndpoints } from "../../errors";

/** The transport part of oauth4webapi's request options. */
export type TransportOptions = Pick<HttpRequestOptions<"GET">, "signal" | typeof allowInsecureRequests>;

/** How long one request to an identity provider may take before the sign-in fails, in ms. */
export const PROVIDER_REQUEST_TIMEOUT_MS = 10_000;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * True for a URL whose host is the local machine (`localhost`, `127.0.0.1`, `::1`).
 *
 * @param url - The endpoint.
 * @returns Whether the request never leaves the machine.
 * @example
 * ```ts
 * isLoopback(new URL("http://127.0.0.1:4000/token")) // true
 * ```
 */
export function isLoopback(url: URL): boolean {
  return LOOPBACK_HOSTS.has(url.hostname);
}

/**
 * Checks that an endpoint may carry tokens: https, or http to a loopback host. A plain-http
 * endpoint elsewhere would send codes, client secrets and tokens readable by anyone on the path.
 *
 * @param url - The endpoint.
 * @param providerId - Named in the error.
 * @param what - The endpoint's role, named in the error, e.g. "token endpoint".
 * @throws {InvalidEndpoints} When the URL is neither https nor loopback http.
 * @example
 * ```ts
 * assertSecureEndpoint(new URL("https://idp.example/token"), "idp", "token endpoint")
 * ```
 */
export function assertSecureEndpoint(url: URL, providerId: string, what: string): void {
  if (url.protocol === "https:" || (url.protocol === "http:" && isLoopback(url))) return;
  throw new InvalidEndpoints(
    `OAuth provider "${providerId}": the ${what} ${url.origin}${url.pathname} must use https (plain http is allowed for localhost only).`,
  );
}

/**
 * The transport options for one oauth4webapi request to `url`: a time-out, and, for loopback
 * hosts only, permission to use plain http. oauth4webapi refuses http outright; allowing it for
 * loopback lets development and tests run an identity provider on 127.0.0.1 without TLS, while
 * anything that crosses a network still needs https (endpoints are checked by
 * {@link assertSecureEndpoint} as well).
 *
 * @param url - The endpoint the request goes to.
 * @returns Options to spread into an oauth4webapi request call.
 * @example
 * ```ts
 * await discoveryRequest(issuer, { ...requestOptions(issuer) })
 * ```
 */
export function requestOptions(url: string | URL | undefined): TransportOptions {
  const options: TransportOptions = {
    signal: () => AbortSignal.timeout(PROVIDER_REQUEST_TIMEOUT_MS),
  };
  if (url !== undefined && isLoopback(new URL(url))) options[allowInsecureRequests] = true;
  return options;
}
