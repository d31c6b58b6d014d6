/**
 * The floor: a handler answering constant JSON, behind the same bridge. Its row shows what the
 * bridge, node:http and the load generator cost on their own, an upper bound for the others.
 *
 * @module
 */
import type { App } from "./app";

const BODY = JSON.stringify({ ok: true });

/**
 * Builds the floor app: every request gets `{"ok":true}` with status 200.
 *
 * @returns The app.
 * @example
 * ```ts
 * const app = floorApp();
 * ```
 */
export function floorApp(): App {
  return {
    handler: async () => new Response(BODY, { headers: { "content-type": "application/json" } }),
    close: async () => {},
  };
}
