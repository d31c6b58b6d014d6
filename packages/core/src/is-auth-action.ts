/** Whether a path segment names one of the core's actions. */

import type { AuthAction } from "./context";
import { ROUTES } from "./http/request";

/**
 * Whether `action` is one of the actions the core answers under `basePath` (`session`, `signin`,
 * `callback`...), as Auth.js's `isAuthAction`: integrations use it to let other paths through.
 *
 * @param action A path segment, e.g. `"session"`.
 * @returns True for an action, narrowing `action` to `AuthAction`. Never throws.
 * @example
 * ```ts
 * import { isAuthAction } from "@portcullis/core"
 * isAuthAction("session") // true
 * ```
 */
export function isAuthAction(action: string): action is AuthAction {
  return Object.hasOwn(ROUTES, action);
}
