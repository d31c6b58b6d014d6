/**
 * Times an async operation in a loop, one call at a time, for a fixed wall-clock span.
 *
 * @module
 */
import type { OpsTiming } from "../process/protocol";
import { percentile } from "../stats";

/**
 * Calls `op` back to back for `seconds` and reports how many calls completed and the median and
 * 99th percentile of one call. One call at a time: the figure is what one request pays.
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
  const durations: number[] = [];
  const start = performance.now();
  const end = start + seconds * 1000;
  let now = start;
  while (now < end) {
    const before = now;
    await op();
    now = performance.now();
    durations.push(now - before);
  }
  durations.sort((a, b) => a - b);
  return {
    ops: durations.length,
    seconds: (now - start) / 1000,
    p50: percentile(durations, 50),
    p99: percentile(durations, 99),
  };
}
