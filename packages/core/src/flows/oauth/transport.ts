/**
 * How Portcullis talks to identity providers over the network: which endpoint URLs it accepts,
 * and the options every oauth4webapi request gets (a time-out, plain http for loopback only, and
 * a bound on the answer's size).
 */
import { allowInsecureRequests, customFetch, type HttpRequestOptions } from "oauth4webapi";
import { MAX_TIMER_MS } from "../../deadline";
import { InvalidEndpoints } from "../../errors";
import { boundedFetch } from "./bounded-fetch";

/** The transport part of oauth4webapi's request options. */
export type TransportOptions = Pick<HttpRequestOptions<"GET">, "signal" | typeof allowInsecureRequests> & {
  // A plain fetch: it takes every method and body oauth4webapi sends, so one type fits all calls.
  [customFetch]?: typeof fetch;
};

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
 * The transport options for one oauth4webapi request to `url`: a time-out (`timeouts.http`),
 * which aborts the request, body included, so a provider that accepts the connection and never
 * answers ends the sign-in with the usual provider failure instead of holding it; and, for loopback
 * hosts only, permission to use plain http. oauth4webapi refuses http outright; allowing it for
 * loopback lets development and tests run an identity provider on 127.0.0.1 without TLS, while
 * anything that crosses a network still needs https (endpoints are checked by
 * {@link assertSecureEndpoint} as well). A provider's own fetch (its `[customFetch]` option) sends
 * the request when given; it receives the same signal, so the time-out still applies to it. Either
 * way the answer is read through {@link boundedFetch}, so no provider can make a sign-in hold more
 * than a mebibyte of it.
 *
 * @param url - The endpoint the request goes to.
 * @param timeoutMs - How long the request may take, in ms (`Infinity`: no limit).
 * @param fetcher - The provider's custom fetch; undefined for the global `fetch`.
 * @returns Options to spread into an oauth4webapi request call.
 * @example
 * ```ts
 * await discoveryRequest(issuer, { ...requestOptions(issuer, 10_000) })
 * ```
 */
export function requestOptions(
  url: string | URL | undefined,
  timeoutMs: number,
  fetcher?: typeof fetch,
): TransportOptions {
  const options: TransportOptions = { [customFetch]: boundedFetch(fetcher) };
  // A function, so the clock starts when oauth4webapi sends the request, not when options are built.
  const signal = timeoutSignal(timeoutMs);
  if (signal) options.signal = signal;
  if (url !== undefined && isLoopback(new URL(url))) options[allowInsecureRequests] = true;
  return options;
}

/**
 * A maker of the abort signal for one provider request: a fresh `AbortSignal.timeout` per call,
 * or undefined when the time-out is off (`Infinity`, or beyond what timers can express).
 *
 * @param timeoutMs - The time-out in ms.
 * @returns The signal maker, or undefined for no time-out.
 * @example
 * ```ts
 * await fetch(url, { signal: timeoutSignal(10_000)?.() })
 * ```
 */
export function timeoutSignal(timeoutMs: number): (() => AbortSignal) | undefined {
  return timeoutMs <= MAX_TIMER_MS ? () => AbortSignal.timeout(timeoutMs) : undefined;
}
