/**
 * `getSession(request, config)`: the session of a request, for server code outside the auth
 * routes (route handlers, middleware, integrations). It asks the session action, so callbacks,
 * events and expiry apply exactly as for `GET {basePath}/session`, and it fails closed: anything
 * but a 200 JSON object (an error page, a 500 configuration answer) is no session.
 */
import { Auth, type AuthConfigInput } from "./auth";
import { internalConfig } from "./config/normalize";
import { lazyRequest } from "./http/lazy-request";
import type { Session } from "./types";

// What the session action reads from a request: cookies, and the proxy headers it honours
// under trustHost. Nothing else of the caller's request (body, method) is passed on.
const FORWARDED = ["cookie", "x-forwarded-host", "x-forwarded-proto"];

/**
 * The session of a request, or null.
 *
 * @param request A request of the app (any path); its cookies identify the session.
 * @param config The same configuration as the auth routes use, or a function of the request.
 * @returns The session the `session` callback builds, or null when there is none or on any error.
 * @see SPEC.md "Programmatic operations" (getSession)
 * @example
 * ```ts
 * const session = await getSession(request, config)
 * if (!session) return new Response("Sign in first", { status: 401 })
 * ```
 */
export async function getSession(request: Request, config: AuthConfigInput): Promise<Session | null> {
  try {
    const resolved = typeof config === "function" ? await config(request) : config;
    const headers = new Headers();
    for (const name of FORWARDED) {
      const value = request.headers.get(name);
      if (value !== null) headers.set(name, value);
    }
    const url = new URL(`${internalConfig(resolved).basePath}/session`, request.url).href;
    // Lazy: the session action reads only the URL and these headers (see http/lazy-request.ts).
    return sessionFromResponse(
      await Auth(lazyRequest({ url, method: "GET", headers: () => headers }), resolved),
    );
  } catch {
    return null;
  }
}

/** The session in a session action's answer, or null unless it is a 200 JSON object. */
export async function sessionFromResponse(response: Response): Promise<Session | null> {
  const type = response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (response.status !== 200 || type !== "application/json") return null;
  try {
    const body: unknown = await response.json();
    return body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Session) : null;
  } catch {
    return null;
  }
}
