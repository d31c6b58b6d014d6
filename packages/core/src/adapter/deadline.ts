/**
 * Puts the adapter time-out (`timeouts.adapter`) on every method of an adapter, once, where the
 * configuration is normalised. Done here rather than at each call site so that no adapter call,
 * present or future, can be made without it; `callAdapter` then turns the time-out into the
 * usual AdapterError, and each action answers it as it answers any adapter failure.
 *
 * @module
 */
import type { Adapter } from "../adapters";
import { MAX_TIMER_MS, withDeadline } from "../deadline";

/**
 * The adapter with a deadline of `ms` milliseconds on each of its methods. A method that has not
 * settled by then rejects with a `TimeoutError` naming it (the call itself runs on: a database
 * client cannot be cancelled from outside). Everything else reads through to the adapter itself,
 * so a method added, replaced or removed later is seen, and `"method" in adapter` checks still
 * hold. With no deadline (`Infinity`) the adapter is returned unchanged.
 *
 * @param adapter - The adapter as configured.
 * @param ms - The deadline of one call in milliseconds.
 * @returns The adapter to use.
 * @example
 * ```ts
 * const adapter = adapterWithDeadline(SqlAdapter(db), 10_000)
 * ```
 */
export function adapterWithDeadline(adapter: Adapter, ms: number): Adapter {
  if (!(ms <= MAX_TIMER_MS)) return adapter;
  // Wrappers are kept per original function, so a read costs one WeakMap lookup, not a closure.
  const wrapped = new WeakMap<(...args: unknown[]) => unknown, (...args: unknown[]) => unknown>();
  return new Proxy(adapter, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== "function" || typeof property !== "string") return value;
      const method = value as (...args: unknown[]) => unknown;
      let wrapper = wrapped.get(method);
      if (!wrapper) {
        const what = `The adapter's ${property}`;
        wrapper = (...args: unknown[]) => withDeadline(method.apply(target, args), ms, what);
        wrapped.set(method, wrapper);
      }
      return wrapper;
    },
  });
}
