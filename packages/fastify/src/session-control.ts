/**
 * Session control outside the auth plugin: the signed-in user's sessions listed for an account
 * page, and every session of a user revoked by admin code. Revoking one's own sessions from the
 * browser is the auth routes' job (`POST /auth/sessions/revoke`, `revoke-others`, `revoke-all`).
 */
import { type AuthConfig, createAuth, type SessionInfo } from "@portcullis/core";
import type { FastifyRequest } from "fastify";
import { serverCall } from "./server-call";

/**
 * The live sessions of the user signed in on a Fastify request, newest first, each with an opaque
 * `id` and `current` marking this request's. Sets no cookies.
 *
 * @param request The Fastify request; its protocol and host follow Fastify's `trustProxy`.
 * @param config The same configuration as given to {@link FastifyAuth}.
 * @returns The sessions, or `null` when the request is signed out (or its Host is unusable).
 * @throws UnsupportedStrategy when the configuration keeps no session store (JWT sessions without
 * `session.store`); AdapterError when the store fails.
 * @example
 * ```ts
 * app.get("/account/sessions", async (request, reply) => {
 *   const sessions = await listSessions(request, config)
 *   return sessions ?? reply.status(401).send(null)
 * })
 * ```
 */
export async function listSessions(
  request: FastifyRequest,
  config: AuthConfig,
): Promise<SessionInfo[] | null> {
  const call = serverCall(request);
  return call ? createAuth(config).listSessions(call) : null;
}

/**
 * Revokes every session of a user, for admin code (after a password change, a ban): database
 * sessions end at once, JWT sessions at their next store check (within `session.revalidateAfter`).
 * Nothing checks who asks: guard the route that calls it.
 *
 * @param userId The user whose sessions end.
 * @param config The same configuration as given to {@link FastifyAuth}.
 * @returns How many sessions were revoked.
 * @throws UnsupportedStrategy when the configuration keeps no session store.
 * @example
 * ```ts
 * app.post<{ Params: { id: string } }>("/admin/users/:id/sign-out", async (request) => ({
 *   revoked: await revokeSessions(request.params.id, config),
 * }))
 * ```
 */
export function revokeSessions(userId: string, config: AuthConfig): Promise<number> {
  return createAuth(config).revokeSessions(userId);
}
