/**
 * The messages between the bench (parent) and its server and JWT processes (children), over
 * Node's IPC channel, and the process figures the children report.
 *
 * @module
 */

/** CPU time and peak memory of a process, as it reads them itself. */
export interface ProcessStats {
  /** User plus system CPU time since the process started, in microseconds. */
  cpuMicros: number;
  /** Peak resident set size since the process started, in kilobytes. */
  maxRssKb: number;
}

/** What a JWT process measured for one timed loop. */
export interface OpsTiming {
  ops: number;
  seconds: number;
  /** Median and 99th percentile of one operation, in milliseconds. */
  p50: number;
  p99: number;
}

/** The JWT operations the in-process scenarios time. */
export type JwtOp = "encode" | "decode" | "decode-same";

/** What an in-process timing process can time: a JWT operation, or the server-side session read. */
export type InProcessOp = JwtOp | "server-session" | "server-session-many";

/** Parent to child. */
export type Command = { id: number; type: "stats" } | { id: number; type: "time"; seconds: number };

/** Child to parent. */
export type Reply =
  | { type: "ready"; port?: number; sessionCookie?: string }
  | { type: "unavailable"; reason: string }
  | { id: number; type: "stats"; stats: ProcessStats }
  | { id: number; type: "time"; timing: OpsTiming; stats: ProcessStats };

/**
 * This process's CPU time and peak RSS. Read inside the child, so the figures are the server's
 * alone, never the load generator's.
 *
 * @returns The current figures.
 * @example
 * ```ts
 * const { cpuMicros, maxRssKb } = processStats();
 * ```
 */
export function processStats(): ProcessStats {
  const cpu = process.cpuUsage();
  return { cpuMicros: cpu.user + cpu.system, maxRssKb: process.resourceUsage().maxRSS };
}

/**
 * Sends a reply to the parent.
 *
 * @param message The message.
 * @throws When the process was not started with an IPC channel.
 * @example
 * ```ts
 * reply({ type: "ready", port: 8080 });
 * ```
 */
export function reply(message: Reply): void {
  if (!process.send) throw new Error("This process must be started by the bench, with an IPC channel.");
  process.send(message);
}
