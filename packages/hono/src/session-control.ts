/**
 * Session control outside the auth handler: the signed-in user's sessions listed for an account
 * page, and every session of a user revoked by admin code. Revoking one's own sessions from the
 * browser is the auth routes' job (`POST /auth/sessions/revoke`, `revoke-others`, `revoke-all`).
 */
import { type AuthConfig, createAuth, type SessionInfo } from "@portcullis/core";
import type { Context } from "hono";

/**
 * The live sessions of the user signed in on a Hono request, newest first, each with an opaque
 * `id` and `current` marking this request's. Sets no cookies.
 *
 * @param c The Hono context of the request.
 * @param config The same configuration as given to {@link HonoAuth}.
 * @returns The sessions, or `null` when the request is signed out.
 * @throws UnsupportedStrategy when the configuration keeps no session store (JWT sessions without
 * `session.store`); AdapterError when the store fails.
 * @example
 * ```ts
 * app.get("/account/sessions", async (c) => {
 *   const sessions = await listSessions(c, config)
 *   return sessions ? c.json(sessions) : c.json(null, 401)
 * })
 * ```
 */
export function listSessions(c: Context, config: AuthConfig): Promise<SessionInfo[] | null> {
  const request = c.req.raw;
  return createAuth(config).listSessions({ headers: request.headers, origin: new URL(request.url).origin });
}

/**
 * Revokes every session of a user, for admin code (after a password change, a ban): database
 * sessions end at once, JWT sessions at their next store check (within `session.revalidateAfter`).
 * Nothing checks who asks: guard the route that calls it.
 *
 * @param userId The user whose sessions end.
 * @param config The same configuration as given to {@link HonoAuth}.
 * @returns How many sessions were revoked.
 * @throws UnsupportedStrategy when the configuration keeps no session store.
 * @example
 * ```ts
 * app.post("/admin/users/:id/sign-out", async (c) => c.json({ revoked: await revokeSessions(c.req.param("id"), config) }))
 * ```
 */
export function revokeSessions(userId: string, config: AuthConfig): Promise<number> {
  return createAuth(config).revokeSessions(userId);
}
