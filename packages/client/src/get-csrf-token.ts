import { type ResolvedClient, resolveClient } from "./configure-client";
import { type ActionRequest, requestJson, unexpectedAnswer } from "./request-json";
import type { ClientOptions } from "./types";

/**
 * Fetches a CSRF token from the `csrf` action. The answer also sets (or keeps) the CSRF cookie;
 * the token goes into the body of every state-changing POST (sign-in, sign-out, session update),
 * where the server checks it against that cookie (double-submit).
 *
 * A server that leaves CSRF protection to its framework (`skipCSRFCheck`) answers 404; the token
 * is then `""`, as with next-auth/react, and POSTs still go through.
 *
 * @param options Client options for this call.
 * @returns The 64-hex-digit token, or `""` when the server checks no CSRF token.
 * @throws ClientFetchError when the server is unreachable or answers anything else.
 * @see WIRE.md "Actions" (csrf)
 * @example
 * ```ts
 * import { getCsrfToken } from "@portcullis/client"
 * const csrfToken = await getCsrfToken()
 * ```
 */
export async function getCsrfToken(options?: ClientOptions): Promise<string> {
  return fetchCsrfToken(resolveClient(options), "getCsrfToken");
}

/** {@link getCsrfToken} for a resolved client, naming `operation` in errors. */
export async function fetchCsrfToken(client: ResolvedClient, operation: string): Promise<string> {
  const request: ActionRequest = { operation, method: "GET", action: "csrf" };
  const answer = await requestJson(client, request);
  if (answer.status === 404) return "";
  const token = answer.ok ? (answer.body as { csrfToken?: unknown } | null)?.csrfToken : undefined;
  if (typeof token !== "string" || token === "") {
    throw unexpectedAnswer(client, request, answer, `answered ${answer.status} without a csrfToken`);
  }
  return token;
}
