/**
 * The client's session-control functions as the React entry exports them: with the entry's
 * defaults (`/api/auth`, or a `SessionProvider`'s `basePath`), and telling the providers when
 * this browser's own session may have ended.
 *
 * @module
 */
import { listSessions as clientListSessions } from "../list-sessions";
import { revokeOtherSessions as clientRevokeOtherSessions } from "../revoke-other-sessions";
import { revokeSession as clientRevokeSession } from "../revoke-session";
import type { ClientOptions, SessionInfo } from "../types";
import { reactOptions } from "./client-config";
import { announceSessionChange } from "./session-events";

/**
 * Lists the signed-in user's sessions; see the client's `listSessions`.
 *
 * @param options Client options for this call.
 * @returns The sessions, newest first, or `null` when this browser is not signed in.
 * @throws ClientFetchError with status 404 when the server has no session store configured, and
 *   when the server is unreachable or answers with another error.
 * @example
 * ```ts
 * import { listSessions } from "@portcullis/client/react"
 * const others = (await listSessions())?.filter((s) => !s.current) ?? []
 * ```
 */
export function listSessions(options: ClientOptions = {}): Promise<SessionInfo[] | null> {
  return clientListSessions(reactOptions(options));
}

/**
 * Revokes one of the user's sessions; see the client's `revokeSession`. When one was revoked,
 * every `SessionProvider` (on this page and in other tabs) asks the server for its session again:
 * the revoked one may have been this browser's, and then `useSession` turns unauthenticated.
 *
 * @param id The session's `id` from {@link listSessions}.
 * @param options Client options for this call.
 * @returns Whether a session was revoked.
 * @throws ClientFetchError as the client's `revokeSession` does; nothing is announced then.
 * @example
 * ```ts
 * import { revokeSession } from "@portcullis/client/react"
 * await revokeSession(session.id)
 * ```
 */
export async function revokeSession(id: string, options: ClientOptions = {}): Promise<boolean> {
  const revoked = await clientRevokeSession(id, reactOptions(options));
  // Whether it was this browser's is the server's to say; a refetch asks it.
  if (revoked) announceSessionChange("update");
  return revoked;
}

/**
 * Revokes every session of the user but this browser's; see the client's `revokeOtherSessions`.
 * Nothing changes for this browser, so the providers are not told: the other browsers find out
 * at their next refetch.
 *
 * @param options Client options for this call.
 * @returns How many sessions were revoked.
 * @throws ClientFetchError as the client's `revokeOtherSessions` does.
 * @example
 * ```ts
 * import { revokeOtherSessions } from "@portcullis/client/react"
 * await revokeOtherSessions()
 * ```
 */
export function revokeOtherSessions(options: ClientOptions = {}): Promise<number> {
  return clientRevokeOtherSessions(reactOptions(options));
}
