/**
 * A contender is one process under test in one scenario (a server, or a JWT timer), ready to be
 * warmed up and measured any number of times.
 *
 * @module
 */

/** The figures of one measured run. */
export interface Sample {
  /** Operations per second: requests, sign-ins or JWT operations. */
  rate: number;
  /** Median and 99th percentile latency, in milliseconds. */
  p50: number;
  p99: number;
  /** CPU time the process under test spent per operation, in microseconds. */
  cpuPerOp: number;
  /** Peak resident set size of the process under test so far, in MB. */
  peakRssMb: number;
  /**
   * CPU time of the load generator over the run, as a share of one core (HTTP scenarios only).
   * Near 1, the client and not the server set the pace.
   */
  loadCpuShare?: number;
  /** Operations that failed or answered other than expected. */
  failures: number;
}

/** One process under test. */
export interface Contender {
  /** Runs the scenario unmeasured, for the JIT and caches. */
  warm(seconds: number): Promise<void>;
  /** Runs the scenario and measures it. */
  measure(seconds: number): Promise<Sample>;
  /** Ends the process. */
  stop(): Promise<void>;
}

/** Kilobytes in a megabyte: `maxRSS` counts in kilobytes, the table in MB. */
export const KB_PER_MB = 1024;
