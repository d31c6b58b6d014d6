/**
 * What the session-control functions share: reading the `sessions` action's refusals, and posting
 * a revocation. The action exists only on a server that keeps its sessions somewhere it can list
 * them (a session store, or database sessions); elsewhere it answers 404.
 *
 * @module
 */
import type { ClientFetchError } from "./client-fetch-error";
import type { ResolvedClient } from "./configure-client";
import { type ActionRequest, type JsonAnswer, requestJson, unexpectedAnswer } from "./request-json";

/** The revocations the `sessions` action offers: one session, all but this one, all. */
export type Revocation = "revoke" | "revoke-others" | "revoke-all";

/**
 * The error for a refused session-control request. A 404 and a 401 get messages that say what to
 * do, since both are a setup or a state the caller can fix rather than a broken server.
 *
 * @param client The client that sent `request`.
 * @param request The request refused.
 * @param answer Its answer (not OK).
 * @returns The error to throw; its `status` is the answer's.
 * @example
 * ```ts
 * if (!answer.ok) throw sessionControlRefused(client, request, answer)
 * ```
 */
export function sessionControlRefused(
  client: ResolvedClient,
  request: ActionRequest,
  answer: JsonAnswer,
): ClientFetchError {
  if (answer.status === 404) {
    return unexpectedAnswer(
      client,
      request,
      answer,
      "answered 404: the server has no session store configured, so it cannot list or revoke sessions (set `session.store`, or use database sessions)",
    );
  }
  if (answer.status === 401) {
    return unexpectedAnswer(client, request, answer, "answered 401: this browser is not signed in");
  }
  return unexpectedAnswer(client, request, answer);
}

/**
 * Posts one revocation (a form with `csrfToken` and `fields`) and reads how many sessions ended.
 *
 * @param client The resolved client.
 * @param operation The client function, for error messages.
 * @param revocation Which revocation.
 * @param csrfToken The token from `fetchCsrfToken`.
 * @param fields More form fields (`id` for a single revocation).
 * @returns The number of sessions the server revoked.
 * @throws ClientFetchError when the server is unreachable, refuses (401 signed out, 403 bad CSRF
 *   token, 404 no session store) or answers without a count.
 * @example
 * ```ts
 * const revoked = await postRevocation(client, "revokeOtherSessions", "revoke-others", csrfToken)
 * ```
 */
export async function postRevocation(
  client: ResolvedClient,
  operation: string,
  revocation: Revocation,
  csrfToken: string,
  fields: Record<string, string> = {},
): Promise<number> {
  const request: ActionRequest = {
    operation,
    method: "POST",
    action: `sessions/${revocation}`,
    form: new URLSearchParams({ ...fields, csrfToken }),
  };
  const answer = await requestJson(client, request);
  if (!answer.ok) throw sessionControlRefused(client, request, answer);
  const revoked = (answer.body as { revoked?: unknown } | null)?.revoked;
  if (typeof revoked !== "number" || !Number.isInteger(revoked) || revoked < 0) {
    throw unexpectedAnswer(
      client,
      request,
      answer,
      `answered ${answer.status} without a count of revoked sessions`,
    );
  }
  return revoked;
}
