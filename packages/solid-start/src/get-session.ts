import { type AuthConfigInput, type Session, getSession as sessionOf } from "@portcullis/core";

/**
 * The session of a SolidStart request, for protecting API routes, server functions and route data
 * outside the auth routes. Asks the core's session action with the request's cookies (and, under
 * `trustHost`, its X-Forwarded-Host/Proto) and answers `null` for anything but a 200 JSON object:
 * no session, an invalid or tampered cookie, or a configuration error (whose 500 body is never
 * taken for a session). Sets no cookies: reading here does not extend the session.
 *
 * @param request The request: `event.request` of an API route, or `getRequestEvent()?.request` in
 * a server function.
 * @param config The same configuration as given to {@link SolidAuth}, or a function of the request.
 * @returns The session, or `null`. Does not throw.
 * @throws Never: every failure is answered as `null`.
 * @see SPEC.md "Programmatic operations" (getSession)
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
  return sessionOf(request, config);
}
