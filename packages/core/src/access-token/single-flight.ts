/**
 * Runs one task per key at a time in this process: callers that ask for a key while its task is
 * running get that task's promise instead of starting another. A successful answer may be kept a
 * little longer (`keepMs`), for callers that arrive just after it with the state it replaced (a
 * browser request still carrying the session cookie from before a refresh).
 *
 * @module
 */

interface Flight<T> {
  promise: Promise<T>;
  /** Until when (ms, `Date.now()`) a settled answer is still handed out; running flights have Infinity. */
  until: number;
}

/** Bounds the memory of kept answers; the oldest go first. */
const MAX_KEPT = 1000;

/** A table of running (and recently finished) tasks by key. */
export interface SingleFlight<T> {
  /**
   * The running task for `key`, or a new one started with `task`.
   *
   * @param key - What the task is about (a provider and an account).
   * @param task - Starts the work when no task for the key is running.
   * @param keepMs - How long a successful answer stays available after it settles (0: not kept).
   */
  run(key: string, task: () => Promise<T>, keepMs?: number): Promise<T>;
}

/**
 * A new single-flight table.
 *
 * @returns The table.
 * @example
 * ```ts
 * const flights = singleFlight<string>()
 * const [a, b] = await Promise.all([flights.run("k", load), flights.run("k", load)]) // load ran once
 * ```
 */
export function singleFlight<T>(): SingleFlight<T> {
  const flights = new Map<string, Flight<T>>();
  return {
    run(key, task, keepMs = 0) {
      const found = flights.get(key);
      if (found && found.until > Date.now()) return found.promise;
      const flight: Flight<T> = { promise: task(), until: Number.POSITIVE_INFINITY };
      flights.delete(key);
      if (flights.size >= MAX_KEPT) flights.delete(flights.keys().next().value!);
      flights.set(key, flight);
      const forget = () => {
        if (flights.get(key) === flight) flights.delete(key);
      };
      flight.promise.then(() => {
        if (keepMs > 0) flight.until = Date.now() + keepMs;
        else forget();
      }, forget);
      return flight.promise;
    },
  };
}
