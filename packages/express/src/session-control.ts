/**
 * Session control outside the auth middleware: the signed-in user's sessions listed for an account
 * page, and every session of a user revoked by admin code. Revoking one's own sessions from the
 * browser is the auth routes' job (`POST /auth/sessions/revoke`, `revoke-others`, `revoke-all`).
 */
import { type AuthConfig, createAuth, type SessionInfo } from "@portcullis/core";
import type { Request as ExpressRequest } from "express";
import { serverCall } from "./request-origin";

/**
 * The live sessions of the user signed in on an Express request, newest first, each with an opaque
 * `id` and `current` marking this request's. Sets no cookies.
 *
 * @param req The Express request; its protocol and host follow Express's `trust proxy`.
 * @param config The same configuration as given to {@link ExpressAuth}.
 * @returns The sessions, or `null` when the request is signed out (or its Host is unusable).
 * @throws UnsupportedStrategy when the configuration keeps no session store (JWT sessions without
 * `session.store`); AdapterError when the store fails.
 * @example
 * ```ts
 * app.get("/account/sessions", async (req, res) => {
 *   const sessions = await listSessions(req, config)
 *   if (!sessions) return res.status(401).end()
 *   res.json(sessions)
 * })
 * ```
 */
export async function listSessions(req: ExpressRequest, config: AuthConfig): Promise<SessionInfo[] | null> {
  const call = serverCall(req);
  return call ? createAuth(config).listSessions(call) : null;
}

/**
 * Revokes every session of a user, for admin code (after a password change, a ban): database
 * sessions end at once, JWT sessions at their next store check (within `session.revalidateAfter`).
 * Nothing checks who asks: guard the route that calls it.
 *
 * @param userId The user whose sessions end.
 * @param config The same configuration as given to {@link ExpressAuth}.
 * @returns How many sessions were revoked.
 * @throws UnsupportedStrategy when the configuration keeps no session store.
 * @example
 * ```ts
 * app.post("/admin/users/:id/sign-out", requireAdmin, async (req, res) => {
 *   res.json({ revoked: await revokeSessions(req.params.id, config) })
 * })
 * ```
 */
export function revokeSessions(userId: string, config: AuthConfig): Promise<number> {
  return createAuth(config).revokeSessions(userId);
}
