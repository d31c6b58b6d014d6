import { type AuthConfigInput, type AuthEngine, createAuth } from "@portcullis/core";

/**
 * The engine of a request's configuration. A configuration function is called per request;
 * answering the same object each time keeps one engine (one adapter, one set of caches).
 *
 * @throws What the configuration function throws.
 * @example
 * ```ts
 * const response = await (await engineOf(config, request)).handle(request)
 * ```
 */
export async function engineOf(config: AuthConfigInput, request: Request): Promise<AuthEngine> {
  return createAuth(typeof config === "function" ? await config(request) : config);
}

/**
 * A request to the auth routes answered by the engine's HTTP face. When the configuration
 * function throws, the answer is the engine's own for a configuration it cannot read: a 500 with
 * a generic message, the cause in the server log.
 *
 * @example
 * ```ts
 * export const GET = ({ request }: APIEvent) => answer(config, request)
 * ```
 */
export async function answer(config: AuthConfigInput, request: Request): Promise<Response> {
  let auth: AuthEngine;
  try {
    auth = await engineOf(config, request);
  } catch (cause) {
    console.error("[portcullis][error] Configuration:", cause);
    return Response.json({ message: "There was a problem with the server configuration." }, { status: 500 });
  }
  return auth.handle(request);
}
