import { resolveClient } from "./configure-client";
import { type ActionRequest, requestJson, unexpectedAnswer } from "./request-json";
import { sessionControlRefused } from "./session-control";
import type { ClientOptions, SessionInfo } from "./types";

/**
 * Lists the signed-in user's sessions (every browser or device signed in as them), newest first,
 * from the `sessions` action: what an "Active sessions" page shows, with `current` marking the
 * session of this browser and `id` the handle to pass to `revokeSession`.
 *
 * @param options Client options for this call.
 * @returns The sessions, or `null` when this browser is not signed in (or its session was revoked).
 * @throws ClientFetchError with status 404 when the server has no session store configured; and,
 *   as every client function, when the server is unreachable or answers with another error.
 * @example
 * ```ts
 * import { listSessions } from "@portcullis/client"
 * const sessions = await listSessions()
 * for (const s of sessions ?? []) console.log(s.current ? "this browser" : s.userAgent, s.lastSeenAt)
 * ```
 */
export async function listSessions(options?: ClientOptions): Promise<SessionInfo[] | null> {
  const client = resolveClient(options);
  const request: ActionRequest = { operation: "listSessions", method: "GET", action: "sessions" };
  const answer = await requestJson(client, request);
  if (answer.status === 401) return null;
  if (!answer.ok) throw sessionControlRefused(client, request, answer);
  if (!Array.isArray(answer.body) || !answer.body.every(looksLikeSessionInfo)) {
    throw unexpectedAnswer(
      client,
      request,
      answer,
      `answered ${answer.status} with a body that is not a list of sessions`,
    );
  }
  return answer.body as SessionInfo[];
}

/** Whether `value` has the fields a caller acts on: the handle it revokes with, and which one is this browser. */
function looksLikeSessionInfo(value: unknown): boolean {
  if (typeof value !== "object" || value === null) return false;
  const { id, current } = value as { id?: unknown; current?: unknown };
  return typeof id === "string" && id !== "" && typeof current === "boolean";
}
