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
