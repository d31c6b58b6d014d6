import type { RequestEvent } from "@sveltejs/kit";
import { engineFor } from "./engine";
import { createSignIn, createSignOut } from "./form-action";
import { createHandle } from "./handle";
import type { SvelteKitAuthConfig, SvelteKitAuthResult } from "./types";

/**
 * Portcullis for SvelteKit: a `handle` hook serving the auth routes under `basePath` (default
 * `/auth`) and giving every other request `event.locals.auth()`, plus `signIn` and `signOut` form
 * actions that call the engine from the server and redirect with 303. Each request also gets
 * `event.locals.sessions` (list and revoke the user's sessions), and `revokeSessions(userId)` serves
 * admin code.
 *
 * @param config The configuration, or a function of the request event returning it (called once
 * per request by the hook and once per form submission by the actions).
 * @returns `{ handle, signIn, signOut, revokeSessions }`. Never throws itself; see the actions for
 * theirs. `revokeSessions` throws UnsupportedStrategy when the configuration keeps no session store,
 * and a TypeError when the configuration is a function and no event is given.
 * @example
 * ```ts
 * // src/auth.ts
 * import { SvelteKitAuth } from "@portcullis/sveltekit"
 * import Credentials from "@portcullis/core/providers/credentials"
 * export const { handle, signIn, signOut } = SvelteKitAuth({ providers: [Credentials({ authorize })] })
 * ```
 */
export function SvelteKitAuth(config: SvelteKitAuthConfig): SvelteKitAuthResult {
  return {
    handle: createHandle(config),
    signIn: createSignIn(config),
    signOut: createSignOut(config),
    revokeSessions: async (userId, event) => {
      if (typeof config === "function" && event === undefined)
        throw new TypeError(
          "revokeSessions needs the request event when the configuration is a function of it.",
        );
      // Only a configuration function reads the event; an object's engine needs none.
      return (await engineFor(config, event as RequestEvent)).revokeSessions(userId);
    },
  };
}
