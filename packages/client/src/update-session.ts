import { resolveClient } from "./configure-client";
import { fetchCsrfToken } from "./get-csrf-token";
import { type ActionRequest, requestJson } from "./request-json";
import { sessionFrom } from "./session-from";
import type { ClientOptions, Session } from "./types";

/**
 * Sends `data` to the server's `session` action (POST, JSON `{csrfToken, data}`), where the `jwt`
 * callback receives it with `trigger: "update"` (or the `session` callback with `newSession`, for
 * database sessions). The server decides what of `data` to keep: treat it as user input there.
 *
 * @param data Whatever the server's callbacks expect, e.g. `{ name: "New name" }`.
 * @param options Client options for this call.
 * @returns The updated session, or `null` when the server refused the update (no session, or a
 *   CSRF check that failed: the action answers 400 `null` for both).
 * @throws ClientFetchError when the server is unreachable or answers with another error.
 * @see WIRE.md "Actions" (session POST)
 * @example
 * ```ts
 * import { updateSession } from "@portcullis/client"
 * const session = await updateSession({ name: "Alice Liddell" })
 * ```
 */
export async function updateSession(data: unknown, options?: ClientOptions): Promise<Session | null> {
  const client = resolveClient(options);
  const csrfToken = await fetchCsrfToken(client, "updateSession");
  const request: ActionRequest = {
    operation: "updateSession",
    method: "POST",
    action: "session",
    json: { csrfToken, data },
  };
  const answer = await requestJson(client, request);
  if (answer.status === 400 && answer.body === null) return null;
  return sessionFrom(client, request, answer);
}
