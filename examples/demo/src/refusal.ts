/**
 * The demo's answer to a request it will not serve because of what the client sent: a 4xx that
 * says what was wrong, and the same words as one line of the log. Never a 500 with a stack trace:
 * nothing in the demo failed, and a 5xx would send whoever reads the log looking for a bug.
 */

/**
 * Refuses a request: logs `METHOD target: status reason` as a warning and answers it.
 *
 * @param method The request's method, e.g. `POST`.
 * @param target The request target as the client sent it, e.g. `/sessions/revoke`.
 * @param status The 4xx that names the fault.
 * @param reason What was wrong, in a sentence: the body of the answer, and the log line.
 * @returns A plain-text response with that status.
 * @example
 * ```ts
 * return refuse("POST", "/sessions/revoke", 415, "Post the form of the home page.");
 * ```
 */
export function refuse(method: string, target: string, status: number, reason: string): Response {
  console.warn(`${method} ${target}: ${status} ${reason}`);
  return new Response(reason, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
