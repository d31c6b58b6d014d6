import { resolveClient } from "./configure-client";
import { type ActionRequest, requestJson } from "./request-json";
import { sessionFrom } from "./session-from";
import type { ClientOptions, Session } from "./types";

/**
 * Fetches the current session from the `session` action. With the JWT strategy the server also
 * re-issues the session cookie, so calling this keeps an active user signed in (sliding expiry).
 *
 * Unlike next-auth/react, which logs failures and answers `null`, a failure rejects: the caller
 * can tell "signed out" from "the server is down", and an error body is never read as a session.
 *
 * @param options Client options for this call.
 * @returns The session, or `null` when there is none (not signed in, expired, or revoked).
 * @throws ClientFetchError when the server is unreachable or answers with an error.
 * @see WIRE.md "Actions" (session GET)
 * @example
 * ```ts
 * import { getSession } from "@portcullis/client"
 * const session = await getSession()
 * if (session) console.log(`Signed in as ${session.user?.email}`)
 * ```
 */
export async function getSession(options?: ClientOptions): Promise<Session | null> {
  const client = resolveClient(options);
  const request: ActionRequest = { operation: "getSession", method: "GET", action: "session" };
  return sessionFrom(client, request, await requestJson(client, request));
}
