/**
 * Times an async operation in a loop, one call at a time, for a fixed wall-clock span.
 *
 * @module
 */
import type { OpsTiming } from "../process/protocol";
import { percentile } from "../stats";

/**
 * How many call durations are kept. The timer's own memory must not grow with the number of
 * calls: it runs in the process whose peak RSS is reported, and the faster library makes more
 * calls. A uniform sample of this size gives p50 and p99 to well under a percent.
 */
const SAMPLES = 1 << 16;

/**
 * Calls `op` back to back for `seconds` and reports how many calls completed and the median and
 * 99th percentile of one call. One call at a time: the figure is what one request pays. The
 * percentiles come from a fixed-size uniform sample of the calls (reservoir sampling).
 *
 * @param op The operation.
 * @param seconds How long to run.
 * @returns The count and percentiles (milliseconds).
 * @throws Whatever `op` throws.
 * @example
 * ```ts
 * const { ops, p50 } = await timeOps(() => codec.encode(), 5);
 * ```
 */
export async function timeOps(op: () => Promise<unknown>, seconds: number): Promise<OpsTiming> {
  const sample = new Float64Array(SAMPLES);
  let calls = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  let now = start;
  while (now < end) {
    const before = now;
    await op();
    now = performance.now();
    // Algorithm R: the n-th call replaces a random kept one with probability SAMPLES / n.
    const slot = calls < SAMPLES ? calls : Math.floor(Math.random() * (calls + 1));
    if (slot < SAMPLES) sample[slot] = now - before;
    calls++;
  }
  const kept = sample.subarray(0, Math.min(calls, SAMPLES)).sort();
  return {
    ops: calls,
    seconds: (now - start) / 1000,
    p50: percentile(kept, 50),
    p99: percentile(kept, 99),
  };
}
