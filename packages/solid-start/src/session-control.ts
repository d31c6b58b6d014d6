/**
 * Session control outside the auth routes: the signed-in user's sessions listed for an account
 * page, and every session of a user revoked by admin code. Revoking one's own sessions from the
 * browser is the auth routes' job (`POST /auth/sessions/revoke`, `revoke-others`, `revoke-all`).
 */
import type { AuthConfigInput, SessionInfo } from "@portcullis/core";
import { engineOf } from "./engine";

/**
 * The live sessions of the user signed in on a SolidStart request, newest first, each with an
 * opaque `id` and `current` marking this request's. Sets no cookies.
 *
 * @param request The request: `event.request` of an API route, or `getRequestEvent()?.request`.
 * @param config The same configuration as given to {@link SolidAuth}, or a function of the request.
 * @returns The sessions, or `null` when the request is signed out.
 * @throws UnsupportedStrategy when the configuration keeps no session store (JWT sessions without
 * `session.store`); AdapterError when the store fails; what a configuration function throws.
 * @example
 * ```ts
 * export async function GET({ request }: APIEvent) {
 *   const sessions = await listSessions(request, authConfig)
 *   return sessions ? Response.json(sessions) : Response.json(null, { status: 401 })
 * }
 * ```
 */
export async function listSessions(request: Request, config: AuthConfigInput): Promise<SessionInfo[] | null> {
  const auth = await engineOf(config, request);
  return auth.listSessions({ headers: request.headers, origin: new URL(request.url).origin });
}

/**
 * Revokes every session of a user, for admin code (after a password change, a ban): database
 * sessions end at once, JWT sessions at their next store check (within `session.revalidateAfter`).
 * Nothing checks who asks: guard the route that calls it.
 *
 * @param userId The user whose sessions end.
 * @param config The same configuration as given to {@link SolidAuth}, or a function of the request.
 * @param request The request being served; needed only when `config` is a function of it.
 * @returns How many sessions were revoked.
 * @throws UnsupportedStrategy when the configuration keeps no session store; a TypeError when
 * `config` is a function and no request is given.
 * @example
 * ```ts
 * export async function POST({ request, params }: APIEvent) {
 *   return Response.json({ revoked: await revokeSessions(params.id, authConfig, request) })
 * }
 * ```
 */
export async function revokeSessions(
  userId: string,
  config: AuthConfigInput,
  request?: Request,
): Promise<number> {
  if (typeof config === "function" && request === undefined)
    throw new TypeError("revokeSessions needs the request when the configuration is a function of it.");
  // Only a configuration function reads the request; an object's engine needs none.
  return (await engineOf(config, request as Request)).revokeSessions(userId);
}
