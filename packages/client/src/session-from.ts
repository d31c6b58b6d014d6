import type { ResolvedClient } from "./configure-client";
import { type ActionRequest, type JsonAnswer, unexpectedAnswer } from "./request-json";
import type { Session } from "./types";

/**
 * Reads a session out of a successful answer of the `session` action. Only a 2xx answer whose body
 * is `null` or an object counts: an error answer is never taken for a session, whatever its body
 * looks like, because a page that believes in a session it does not have misleads its user.
 * An empty object (what some older servers send for "no session") is `null` too.
 *
 * @throws ClientFetchError for any other answer.
 */
export function sessionFrom(
  client: ResolvedClient,
  request: ActionRequest,
  answer: JsonAnswer,
): Session | null {
  const { body } = answer;
  if (!answer.ok) throw unexpectedAnswer(client, request, answer);
  if (body === null) return null;
  if (typeof body !== "object" || Array.isArray(body)) {
    throw unexpectedAnswer(
      client,
      request,
      answer,
      `answered ${answer.status} with a body that is not a session`,
    );
  }
  return Object.keys(body).length === 0 ? null : (body as Session);
}
