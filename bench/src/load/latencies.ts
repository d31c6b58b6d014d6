/**
 * Per-operation latencies of an autocannon run, taken from its response events. autocannon's
 * own histogram keeps whole milliseconds and only 2xx answers, which would drop the sign-in's
 * 302; these keep every answer at sub-millisecond precision.
 *
 * @module
 */
import type { Instance } from "autocannon";
import { percentile } from "../stats";

/** Latency percentiles of one run, in milliseconds. */
export interface Latencies {
  p50: number;
  p99: number;
}

/**
 * Records the latency of every operation of a run: with `stepsPerOp` above 1, the sum of that
 * many consecutive responses on the same connection (a sign-in's CSRF GET and POST).
 *
 * @param instance The running autocannon instance.
 * @param stepsPerOp Responses per operation.
 * @returns A function that, once the run is over, gives the median and 99th percentile.
 * @example
 * ```ts
 * const instance = autocannon(options);
 * const latencies = recordLatencies(instance, 1);
 * await instance;
 * const { p50, p99 } = latencies();
 * ```
 */
export function recordLatencies(instance: Instance, stepsPerOp: number): () => Latencies {
  const done: number[] = [];
  const partial = new Map<object, { steps: number; ms: number }>();
  instance.on("response", (client, _status, _bytes, ms) => {
    if (stepsPerOp === 1) {
      done.push(ms);
      return;
    }
    const sum = partial.get(client) ?? { steps: 0, ms: 0 };
    sum.steps++;
    sum.ms += ms;
    if (sum.steps < stepsPerOp) {
      partial.set(client, sum);
      return;
    }
    partial.delete(client);
    done.push(sum.ms);
  });
  return () => {
    done.sort((a, b) => a - b);
    return { p50: percentile(done, 50), p99: percentile(done, 99) };
  };
}
