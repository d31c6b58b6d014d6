/**
 * The app's public origin is `event.url.origin`: the adapter settled it (adapter-node from
 * `ORIGIN`, or from `PROTOCOL_HEADER`/`HOST_HEADER` when the deployer named them). The engine is
 * handed that origin, and the request without X-Forwarded-Host and X-Forwarded-Proto: left in,
 * the engine would read them again under `trustHost`, so a header the adapter was never told to
 * trust would decide where a mailed sign-in link points. `AUTH_URL`, when set, still wins.
 */
import { type ServerCall, webProtocol } from "@portcullis/core";
import type { RequestEvent } from "@sveltejs/kit";

const PROXY_HEADERS = ["x-forwarded-host", "x-forwarded-proto"] as const;

/**
 * The origin the adapter resolved, on `http` when its scheme is neither `http` nor `https`:
 * adapter-node takes whatever the `PROTOCOL_HEADER` says (`ws`, `javascript`), which the core
 * ignores when it reads the header itself, so no link is ever built on such a scheme.
 *
 * @param event The request event.
 * @returns The origin, e.g. `https://app.example`.
 * @example
 * ```ts
 * const response = await auth.handle(authRequest(event), { csrfOrigin: publicOrigin(event) })
 * ```
 */
export function publicOrigin(event: RequestEvent): string {
  const { protocol, host } = event.url;
  return `${webProtocol(protocol.slice(0, -1), undefined)}://${host}`;
}

/** The headers without the proxy headers; the same object when it has none. */
function withoutProxyHeaders(headers: Headers): Headers {
  if (!PROXY_HEADERS.some((name) => headers.has(name))) return headers;
  const kept = new Headers(headers);
  for (const name of PROXY_HEADERS) kept.delete(name);
  return kept;
}

/**
 * The server face's call for a request event: its headers (cookies, User-Agent, Accept-Language)
 * without the proxy headers, and the origin the adapter resolved.
 *
 * @param event The request event.
 * @returns The call for `session`, `signIn`, `listSessions`, `getAccessToken`...
 * @example
 * ```ts
 * import type { RequestEvent } from "@sveltejs/kit"
 *
 * export async function load(event: RequestEvent) {
 *   return { session: (await auth.session(serverCall(event))).session }
 * }
 * ```
 */
export function serverCall(event: RequestEvent): ServerCall & { headers: Headers; origin: string } {
  return { headers: withoutProxyHeaders(event.request.headers), origin: publicOrigin(event) };
}

/**
 * The Web Request the engine's HTTP face answers for a request event: its path, query, method and
 * body on the origin the adapter resolved, without the proxy headers.
 *
 * @param event The request event of an auth route.
 * @returns `event.request` itself when it already is that request, else a new one with its body.
 * @example
 * ```ts
 * const response = await auth.handle(authRequest(event))
 * ```
 */
export function authRequest(event: RequestEvent): Request {
  const { request } = event;
  const headers = withoutProxyHeaders(request.headers);
  const url = new URL(request.url);
  // The usual case (no proxy headers, the adapter's own URL) needs no second Request.
  const origin = publicOrigin(event);
  if (headers === request.headers && url.origin === origin) return request;
  const init: RequestInit & { duplex: "half" } = {
    method: request.method,
    headers,
    body: request.body,
    signal: request.signal,
    // A streamed body needs half-duplex mode in Node's Request.
    duplex: "half",
  };
  return new Request(`${origin}${url.pathname}${url.search}`, init);
}
