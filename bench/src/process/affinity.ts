/**
 * CPU pinning with taskset, so that on a two-core machine the load generator keeps one core and
 * the process under test the other. Where taskset or a second core is missing, nothing is pinned
 * and the report says so.
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import { availableParallelism } from "node:os";

/** The core of the load generator (this process). */
export const LOAD_CPU = 0;
/** The core of the process under test. */
export const SERVER_CPU = 1;

function tasksetWorks(): boolean {
  try {
    execFileSync("taskset", ["-p", String(process.pid)], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

/** Whether pinning is in effect: taskset runs and there are at least two cores. */
export const pinning = availableParallelism() >= 2 && tasksetWorks();

/**
 * Pins every thread of this process to {@link LOAD_CPU}. Threads started later inherit it.
 *
 * @example
 * ```ts
 * pinLoadGenerator();
 * ```
 */
export function pinLoadGenerator(): void {
  if (pinning)
    execFileSync("taskset", ["-a", "-p", "-c", String(LOAD_CPU), String(process.pid)], { stdio: "ignore" });
}

/**
 * The command line that runs `argv` on {@link SERVER_CPU}: `argv` itself behind taskset, which
 * execs it, so the pid, environment and IPC channel stay the program's.
 *
 * @param argv The program and its arguments.
 * @returns The command and its arguments for `spawn`.
 * @example
 * ```ts
 * const [command, ...args] = onServerCpu([process.execPath, "server.js"]);
 * ```
 */
export function onServerCpu(argv: readonly string[]): string[] {
  return pinning ? ["taskset", "-c", String(SERVER_CPU), ...argv] : [...argv];
}
