/**
 * `getSession(request, config)`: the session of a request, for server code outside the auth
 * routes (route handlers, middleware). The engine's server face answers it, so callbacks, events
 * and expiry apply exactly as for `GET {basePath}/session`, and it fails closed: no session on
 * any error.
 */
import type { AuthConfigInput } from "./auth";
import { createAuth } from "./engine";
import type { Session } from "./types";

/**
 * The session of a request, or null. It sets no cookie, so it does not extend the session either
 * (a database row extended without its cookie would outlive it): server code that can set cookies
 * uses `createAuth(config).session(...)`, which answers them.
 *
 * @param request A request of the app (any path); its cookies identify the session.
 * @param config The same configuration as the auth routes use, or a function of the request.
 * @returns The session the `session` callback builds, or null when there is none or on any error.
 * @example
 * ```ts
 * export async function GET(request: Request): Promise<Response> {
 *   const session = await getSession(request, config)
 *   if (!session) return new Response("Sign in first", { status: 401 })
 *   return Response.json({ name: session.user?.name })
 * }
 * ```
 */
export async function getSession(request: Request, config: AuthConfigInput): Promise<Session | null> {
  try {
    const resolved = typeof config === "function" ? await config(request) : config;
    const { origin } = new URL(request.url);
    return (await createAuth(resolved).session({ headers: request.headers, origin, extend: false })).session;
  } catch {
    return null;
  }
}
