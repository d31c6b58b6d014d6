import { type AuthConfigInput, type AuthEngine, createAuth } from "@portcullis/core";

/**
 * A request to the auth routes answered by the engine's HTTP face. A configuration function is
 * called per request; answering the same object each time keeps one engine (one adapter, one set
 * of caches). When it throws, the answer is the engine's own for a configuration it cannot read:
 * a 500 with a generic message, the cause in the server log.
 *
 * @example
 * ```ts
 * app.on(["GET", "POST"], "/auth/*", (c) => answer(config, c.req.raw))
 * ```
 */
export async function answer(config: AuthConfigInput, request: Request): Promise<Response> {
  let auth: AuthEngine;
  try {
    auth = createAuth(typeof config === "function" ? await config(request) : config);
  } catch (cause) {
    console.error("[portcullis][error] Configuration:", cause);
    return Response.json({ message: "There was a problem with the server configuration." }, { status: 500 });
  }
  return auth.handle(request);
}
