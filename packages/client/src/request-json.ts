/**
 * The one place the client talks HTTP: it sends a request to an action and reads the JSON answer,
 * turning an unreachable server or a body that is not JSON into a {@link ClientFetchError}.
 *
 * @module
 */
import { ClientFetchError } from "./client-fetch-error";
import type { ResolvedClient } from "./configure-client";

/** A JSON answer of an action. */
export interface JsonAnswer {
  status: number;
  ok: boolean;
  body: unknown;
}

/** A request to one action. */
export interface ActionRequest {
  /** The client function on whose behalf the request is made, for error messages. */
  operation: string;
  method: "GET" | "POST";
  /** The action path under the base path: `"session"`, `"callback/credentials"`. */
  action: string;
  /** Query string of the request (the authorization parameters of a sign-in). */
  query?: URLSearchParams;
  /** Form body, sent as `application/x-www-form-urlencoded`. */
  form?: URLSearchParams;
  /** JSON body, sent as `application/json`. */
  json?: unknown;
  /** Ask for `{url}` instead of a redirect (the `X-Auth-Return-Redirect` header). */
  returnRedirect?: boolean;
}

/**
 * Sends `request` and parses the answer as JSON, whatever its status.
 *
 * @throws ClientFetchError when the request fails (network, CORS, abort) or the body is not JSON.
 */
export async function requestJson(client: ResolvedClient, request: ActionRequest): Promise<JsonAnswer> {
  const query = request.query?.toString() ?? "";
  const url = `${client.apiUrl}/${request.action}${query === "" ? "" : `?${query}`}`;
  const headers = new Headers({ Accept: "application/json" });
  let body: string | undefined;
  if (request.form) {
    headers.set("Content-Type", "application/x-www-form-urlencoded");
    body = request.form.toString();
  } else if (request.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(request.json);
  }
  if (request.returnRedirect) headers.set("X-Auth-Return-Redirect", "1");

  // The query is left out of messages: authorization parameters may be the caller's business.
  const label = `${request.method} ${client.basePath}/${request.action}`;
  const send = client.fetch;
  let response: Response;
  let text: string;
  try {
    response = await send(url, { method: request.method, headers, body });
    text = await response.text();
  } catch (cause) {
    throw new ClientFetchError(request.operation, `${label} did not complete`, undefined, { cause });
  }
  try {
    return { status: response.status, ok: response.ok, body: JSON.parse(text) };
  } catch (cause) {
    const message = `${label} answered ${response.status} with a body that is not JSON`;
    throw new ClientFetchError(request.operation, message, response.status, { cause });
  }
}

/**
 * The error for an answer the protocol does not allow at that point.
 *
 * @param problem What was wrong; by default the status itself.
 */
export function unexpectedAnswer(
  client: ResolvedClient,
  request: ActionRequest,
  answer: JsonAnswer,
  problem = `answered ${answer.status}`,
): ClientFetchError {
  const label = `${request.method} ${client.basePath}/${request.action}`;
  return new ClientFetchError(request.operation, `${label} ${problem}`, answer.status);
}
