/**
 * Deadlines for work the library waits on but does not control (an adapter's database call, a
 * mail transport), so a peer that never answers cannot hold a request, its memory and its socket
 * forever. Requests made with `fetch` use `AbortSignal.timeout` instead, which also cancels them.
 *
 * @module
 */

/**
 * The largest delay `setTimeout` honours (2^31 - 1 ms, about 24.8 days); runtimes fire a longer
 * one at once, so anything above is treated as "no deadline".
 */
export const MAX_TIMER_MS = 2_147_483_647;

/**
 * The error a missed deadline rejects with: a `DOMException` named `TimeoutError`, the same
 * error `AbortSignal.timeout` produces, so callers and logs treat both kinds of time-out alike.
 *
 * @param what - What did not answer, e.g. "The adapter's getSessionAndUser"; never secrets.
 * @param ms - The deadline in milliseconds.
 * @returns The error.
 * @example
 * ```ts
 * timeoutError("The email send", 30_000).name // "TimeoutError"
 * ```
 */
export function timeoutError(what: string, ms: number): DOMException {
  return new DOMException(`${what} did not answer within ${ms} ms.`, "TimeoutError");
}

/**
 * Settles like `work`, or rejects with a `TimeoutError` when `work` has not settled after `ms`
 * milliseconds. The timer is cleared as soon as `work` settles, so none is left behind to keep
 * the process alive. The work itself cannot be cancelled and runs on; what it answers late is
 * dropped (a late rejection is handled here, so it does not surface as an unhandled one).
 *
 * A value that is not a promise is returned as is, and `ms` of `Infinity` (or above
 * {@link MAX_TIMER_MS}) means no deadline: neither costs a timer.
 *
 * @param work - What the request waits on.
 * @param ms - The deadline in milliseconds.
 * @param what - What is waited on, for the error message.
 * @returns What `work` resolves to.
 * @throws {DOMException} `TimeoutError` when the deadline passes first; else what `work` throws.
 * @example
 * ```ts
 * const row = await withDeadline(db.query(sql), 10_000, "The adapter's getUser")
 * ```
 */
export function withDeadline<T>(work: T | PromiseLike<T>, ms: number, what: string): T | PromiseLike<T> {
  if (!isThenable(work) || !(ms <= MAX_TIMER_MS)) return work;
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(timeoutError(what, ms)), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as PromiseLike<T> | null)?.then === "function";
}
