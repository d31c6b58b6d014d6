import type { AuthEngine, RevokeResult } from "@portcullis/core";
import type { RequestEvent } from "@sveltejs/kit";
import { setCookies } from "./cookies";
import { serverCall } from "./public-origin";
import type { SessionControl } from "./types";

/**
 * `event.locals.sessions`: the signed-in user's sessions, listed and revoked through the engine's
 * server face for this request. A revocation's cookies go through `event.cookies`, so the
 * revocations belong in form actions and `+server.ts` handlers; listing sets none, so it also
 * works in a `load`.
 *
 * @param auth The engine of the event's configuration.
 * @param event The request event.
 * @param signedOut Called when a revocation ended this request's own session, so that
 * `locals.auth()` stops answering the session it read earlier.
 * @returns The object `locals.sessions` holds.
 * @example
 * ```ts
 * import type { AuthEngine } from "@portcullis/core"
 * import type { RequestEvent } from "@sveltejs/kit"
 *
 * function install(auth: AuthEngine, event: RequestEvent) {
 *   event.locals.sessions = sessionControl(auth, event, () => {})
 * }
 * ```
 */
export function sessionControl(auth: AuthEngine, event: RequestEvent, signedOut: () => void): SessionControl {
  const call = () => serverCall(event);
  const applied = (result: RevokeResult | null): number | null => {
    if (!result) return null;
    setCookies(event.cookies, result.cookies);
    // The engine clears the session cookie exactly when the current session ended.
    if (result.cookies.length > 0) signedOut();
    return result.revoked;
  };
  return {
    list: () => auth.listSessions(call()),
    revoke: async (id) => applied(await auth.revokeSession(id, call())),
    revokeOthers: async () => applied(await auth.revokeOtherSessions(call())),
    revokeAll: async () => applied(await auth.revokeAllSessions(call())),
  };
}
