import type { AuthConfigInput, Session } from "@portcullis/core";
import { engineOf } from "./engine";

/**
 * The session of a SolidStart request, for protecting API routes, server functions and route data
 * outside the auth routes, read by the engine's server face from the request's cookies and (under
 * `trustHost`) its X-Forwarded-Host and X-Forwarded-Proto. `null` without a session, for an invalid
 * or tampered cookie, or when the configuration cannot be read (a configuration function that
 * throws included). Sets no cookies: reading here does not extend the session.
 *
 * @param request The request: `event.request` of an API route, or `getRequestEvent()?.request` in
 * a server function.
 * @param config The same configuration as given to {@link SolidAuth}, or a function of the request.
 * @returns The session, or `null`. Never throws.
 * @example
 * ```ts
 * // src/routes/api/me.ts
 * export async function GET({ request }: APIEvent) {
 *   const session = await getSession(request, authConfig)
 *   return session ? Response.json(session.user) : Response.json(null, { status: 401 })
 * }
 * ```
 */
export async function getSession(request: Request, config: AuthConfigInput): Promise<Session | null> {
  const auth = await engineOf(config, request).catch(() => undefined);
  if (!auth) return null;
  const { session } = await auth.session({
    headers: request.headers,
    origin: new URL(request.url).origin,
    extend: false,
  });
  return session;
}
