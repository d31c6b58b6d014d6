/**
 * A JWT timing process as a contender: each measurement runs encode or decode in a loop inside
 * the process and reads its CPU time and peak RSS.
 *
 * @module
 */
import type { JwtLibrary } from "../jwt/codec";
import { startChild } from "../process/child";
import type { InProcessOp } from "../process/protocol";
import type { Contender } from "./contender";
import { KB_PER_MB } from "./contender";

/**
 * Starts a JWT process for `library` on the server core and returns it as a contender for `op`.
 *
 * @param library `portcullis` or `authjs`.
 * @param op `encode`, `decode` (distinct tokens), `decode-same` (one token again) or
 * `server-session` / `server-session-many` (the server-side session read, one user or many).
 * @returns The contender; `stop()` ends the process.
 * @throws When the library cannot decode its own token (checked at start).
 * @example
 * ```ts
 * const timer = await startJwtContender("authjs", "decode");
 * const sample = await timer.measure(3);
 * ```
 */
export async function startJwtContender(library: JwtLibrary, op: InProcessOp): Promise<Contender> {
  const child = await startChild("jwt-main", [library, op]);
  const time = (seconds: number) => child.call({ type: "time", seconds });
  return {
    warm: async (seconds) => {
      await time(seconds);
    },
    measure: async (seconds) => {
      const before = (await child.call({ type: "stats" })).stats;
      const { timing, stats } = await time(seconds);
      return {
        rate: timing.ops / timing.seconds,
        p50: timing.p50,
        p99: timing.p99,
        cpuPerOp: (stats.cpuMicros - before.cpuMicros) / timing.ops,
        peakRssMb: stats.maxRssKb / KB_PER_MB,
        failures: 0,
      };
    },
    stop: child.stop,
  };
}
