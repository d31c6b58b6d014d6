import { type AuthConfig, type Session, getSession as sessionOf } from "@portcullis/core";
import type { Context } from "hono";

/**
 * The session of a Hono request, for protecting routes outside the auth handler. Asks the core's
 * session action with the request's cookies and answers `null` for anything but a 200 JSON object:
 * no session, an invalid or tampered cookie, or a configuration error (whose 500 body is never
 * taken for a session). Sets no cookies: reading here does not extend the session.
 *
 * @param c The Hono context of the request.
 * @param config The same configuration as given to {@link HonoAuth}.
 * @returns The session, or `null`. Does not throw.
 * @example
 * ```ts
 * app.get("/me", async (c) => {
 *   const session = await getSession(c, config)
 *   return session ? c.json(session.user) : c.json(null, 401)
 * })
 * ```
 */
export async function getSession(c: Context, config: AuthConfig): Promise<Session | null> {
  // Hono's request is a Web Request: the core reads its cookies and (under trustHost) proxy headers.
  return sessionOf(c.req.raw, config);
}
