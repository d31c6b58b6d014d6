import { resolveClient } from "./configure-client";
import { fetchCsrfToken } from "./get-csrf-token";
import { postRevocation } from "./session-control";
import type { ClientOptions } from "./types";

/**
 * Revokes one of the signed-in user's sessions by the `id` that `listSessions` gave it (posts
 * `id` and `csrfToken` to `sessions/revoke`). The browser holding that session is signed out at
 * its next session read: at once with database sessions, within the server's
 * `session.revalidateAfter` with JWT sessions. Revoking this browser's own session (`current`)
 * signs it out here at once.
 *
 * @param id The session's `id` from {@link listSessions}.
 * @param options Client options for this call.
 * @returns `true` when a session was revoked; `false` when the user has no live session with that
 *   `id` (it ended already, or it is not theirs).
 * @throws ClientFetchError with status 401 when this browser is not signed in, 404 when the server
 *   has no session store configured, 403 when the CSRF check fails; and when the server is
 *   unreachable or answers with another error.
 * @example
 * ```ts
 * import { listSessions, revokeSession } from "@portcullis/client"
 * const other = (await listSessions())?.find((s) => !s.current)
 * if (other) await revokeSession(other.id)
 * ```
 */
export async function revokeSession(id: string, options?: ClientOptions): Promise<boolean> {
  const client = resolveClient(options);
  const csrfToken = await fetchCsrfToken(client, "revokeSession");
  return (await postRevocation(client, "revokeSession", "revoke", csrfToken, { id })) > 0;
}
