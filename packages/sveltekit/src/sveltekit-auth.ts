import { createSignIn, createSignOut } from "./form-action";
import { createHandle } from "./handle";
import type { SvelteKitAuthConfig, SvelteKitAuthResult } from "./types";

/**
 * Portcullis for SvelteKit: a `handle` hook serving the auth routes under `basePath` (default
 * `/auth`) and giving every other request `event.locals.auth()`, plus `signIn` and `signOut` form
 * actions that call the engine from the server and redirect with 303.
 *
 * @param config The configuration, or a function of the request event returning it (called once
 * per request by the hook and once per form submission by the actions).
 * @returns `{ handle, signIn, signOut }`. Never throws itself; see the actions for theirs.
 * @example
 * ```ts
 * // src/auth.ts
 * import { SvelteKitAuth } from "@portcullis/sveltekit"
 * import Credentials from "@portcullis/core/providers/credentials"
 * export const { handle, signIn, signOut } = SvelteKitAuth({ providers: [Credentials({ authorize })] })
 * ```
 */
export function SvelteKitAuth(config: SvelteKitAuthConfig): SvelteKitAuthResult {
  return { handle: createHandle(config), signIn: createSignIn(config), signOut: createSignOut(config) };
}
