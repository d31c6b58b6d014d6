/**
 * The one error the client throws when an action cannot be used: the server was unreachable, or
 * answered with a status or body the protocol does not allow there. Its message names the
 * operation and the request (`getSession: GET /auth/session answered 500`) and never carries a
 * body, a cookie or a token.
 *
 * @example
 * ```ts
 * import { ClientFetchError, getSession } from "@portcullis/client"
 * try { await getSession() } catch (e) { if (e instanceof ClientFetchError) console.warn(e.operation, e.status) }
 * ```
 */
export class ClientFetchError extends Error {
  override readonly name = "ClientFetchError";

  /**
   * @param operation The client function that failed (`"getSession"`, `"signIn"`, ...).
   * @param message What went wrong, naming the request.
   * @param status The HTTP status, when the server answered at all.
   * @param options `cause`: the underlying error (a network failure, a JSON syntax error).
   */
  constructor(
    readonly operation: string,
    message: string,
    readonly status?: number,
    options?: ErrorOptions,
  ) {
    super(`${operation}: ${message}`, options);
  }
}
