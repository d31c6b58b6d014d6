/**
 * Which shared stores (session store, rate-limit store) are in an outage, so that one is logged
 * once when it begins rather than once per request: with many requests a second, a store that is
 * down must add one line to the log, not thousands. The state is keyed on the store object the
 * app configured, so an app that rebuilds its configuration per request still logs once.
 *
 * @module
 */

const down = new WeakMap<object, boolean>();

/**
 * Records that a call to `store` failed.
 *
 * @param store - The store the app configured.
 * @returns True when this failure begins an outage (the caller logs it), false while it lasts.
 * @example
 * ```ts
 * if (outageBegins(store)) logger.warn("session-store-unavailable")
 * ```
 */
export function outageBegins(store: object): boolean {
  if (down.get(store)) return false;
  down.set(store, true);
  return true;
}

/**
 * Records that `store` answered.
 *
 * @param store - The store the app configured.
 * @returns True when this answer ends an outage.
 * @example
 * ```ts
 * if (outageEnds(store)) logger.debug("The session store answers again.")
 * ```
 */
export function outageEnds(store: object): boolean {
  if (!down.get(store)) return false;
  down.set(store, false);
  return true;
}
