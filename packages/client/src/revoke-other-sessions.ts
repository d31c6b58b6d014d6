import { resolveClient } from "./configure-client";
import { fetchCsrfToken } from "./get-csrf-token";
import { postRevocation } from "./session-control";
import type { ClientOptions } from "./types";

/**
 * Revokes every session of the signed-in user except this browser's (posts `csrfToken` to
 * `sessions/revoke-others`): "sign out my other devices", e.g. after a password change. This
 * browser stays signed in; the others are signed out at their next session read.
 *
 * @param options Client options for this call.
 * @returns How many sessions were revoked (`0` when there were no others).
 * @throws ClientFetchError with status 401 when this browser is not signed in, 404 when the server
 *   has no session store configured, 403 when the CSRF check fails; and when the server is
 *   unreachable or answers with another error.
 * @example
 * ```ts
 * import { revokeOtherSessions } from "@portcullis/client"
 * const revoked = await revokeOtherSessions()
 * console.log(`Signed out ${revoked} other device(s)`)
 * ```
 */
export async function revokeOtherSessions(options?: ClientOptions): Promise<number> {
  const client = resolveClient(options);
  const csrfToken = await fetchCsrfToken(client, "revokeOtherSessions");
  return postRevocation(client, "revokeOtherSessions", "revoke-others", csrfToken);
}
