import { type AuthEngine, createAuth } from "@portcullis/core";
import type { RequestEvent } from "@sveltejs/kit";
import type { SvelteKitAuthConfig } from "./types";

/**
 * The engine of the event's configuration. A configuration function is called per event; answering
 * the same object each time keeps one engine (one adapter, one set of caches) for the app.
 *
 * @throws What the configuration function throws.
 * @example
 * ```ts
 * import type { RequestEvent } from "@sveltejs/kit"
 *
 * export async function load(event: RequestEvent) {
 *   const { session } = await (await engineFor(config, event)).session({ headers: event.request.headers })
 *   return { session }
 * }
 * ```
 */
export async function engineFor(config: SvelteKitAuthConfig, event: RequestEvent): Promise<AuthEngine> {
  return createAuth(typeof config === "function" ? await config(event) : config);
}
