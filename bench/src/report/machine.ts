/**
 * The facts a result needs to be read against: when, on what CPU and Node, with which versions.
 *
 * @module
 */
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";

/** Where the bench ran. */
export interface Machine {
  date: string;
  node: string;
  cpu: string;
  cores: number;
  authjs: string;
  autocannon: string;
  /** The bundler of the `bundle` rows. */
  esbuild: string;
  /** One-minute load average when the bench started and when it ended. */
  load: [start: number, end: number];
}

const ROOT = resolve(import.meta.dirname, "../../..");

function cpuModel(): string {
  try {
    const line = readFileSync("/proc/cpuinfo", "utf8")
      .split("\n")
      .find((l) => l.startsWith("model name"));
    return line?.split(":")[1]?.trim() ?? "unknown";
  } catch {
    return "unknown";
  }
}

function versionOf(name: string): string {
  try {
    const manifest = readFileSync(resolve(ROOT, "node_modules", name, "package.json"), "utf8");
    return (JSON.parse(manifest) as { version: string }).version;
  } catch {
    return "unknown";
  }
}

/**
 * Reads the machine's facts now, at the end of the run.
 *
 * @param loadAtStart The one-minute load average read when the bench started: with it, a reader
 * can tell whether other work on the machine competed with the bench.
 * @returns Date (UTC, to the minute), Node version, CPU model from /proc/cpuinfo, core count,
 * the installed @auth/core, autocannon and esbuild versions, and the load averages.
 * @example
 * ```ts
 * const { cpu, cores } = machine(loadavg()[0]!);
 * ```
 */
export function machine(loadAtStart: number): Machine {
  return {
    date: `${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC`,
    node: process.version,
    cpu: cpuModel(),
    // Not availableParallelism(): that counts this process's affinity, which pinning narrowed to one.
    cores: cpus().length,
    authjs: versionOf("@auth/core"),
    autocannon: versionOf("autocannon"),
    esbuild: versionOf("esbuild"),
    load: [loadAtStart, loadavg()[0]!],
  };
}
