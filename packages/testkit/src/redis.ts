/**
 * A throwaway Redis server from the Debian `redis-server` package, for tests.
 *
 * @module
 */

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  cleanUpOnExit,
  freePort,
  type RunningDatabase,
  removeDir,
  run,
  stopProcess,
  waitForOutput,
} from "./system";

/** A Redis server started for tests, which a test can also take down and bring back. */
export interface RunningRedis extends RunningDatabase {
  /** The TCP port on 127.0.0.1; it stays the same across {@link RunningRedis.halt} and `resume`. */
  port: number;
  /**
   * Saves the data to the server's temp dir and stops the server, so clients see connections
   * refused, as in an outage. Does nothing when it is already down.
   */
  halt(): Promise<void>;
  /** Starts the server again on the same port with the data `halt()` saved. */
  resume(): Promise<void>;
}

/**
 * Starts a private Redis server for tests: a temp dir for its working directory, a free port of
 * 127.0.0.1, no persistence while it runs (`--save ""`, no append-only file) since the data is
 * thrown away. Redis runs fine as root, so it runs as the current user. The server is a child of
 * this process (not daemonised), so it is reaped when it exits.
 *
 * @returns The URL (`redis://127.0.0.1:PORT`), the port, `stop()` (stops the server and removes
 * its directory; also done if the process exits first), and `halt()`/`resume()` for outage tests.
 * @throws Error with the server's output when `redis-server` is missing or fails to start.
 * @example
 * const redis = await startRedis();
 * const client = new Redis(redis.url);
 * await redis.stop();
 */
export async function startRedis(): Promise<RunningRedis> {
  const dir = await mkdtemp(join(tmpdir(), "portcullis-redis-"));
  const port = await freePort();
  let child: ChildProcess | undefined;
  const release = cleanUpOnExit(() => child?.pid, "SIGKILL", dir);

  const launch = async () => {
    const args = [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--dir",
      dir,
      "--save",
      "",
      "--appendonly",
      "no",
    ];
    child = spawn("redis-server", args, { stdio: ["ignore", "pipe", "pipe"] });
    await waitForOutput(child, /Ready to accept connections/, 30_000);
  };
  const running = () => child !== undefined && child.exitCode === null && child.signalCode === null;

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child) await stopProcess(child, "SIGKILL");
    release();
    await removeDir(dir);
  };
  const halt = async () => {
    if (!child || !running()) return;
    const exited = new Promise((resolve) => child?.once("exit", resolve));
    // SHUTDOWN SAVE writes dump.rdb even though no save points are configured, so `resume()`
    // brings the same keys back (with their expiry times) as a restarted production server would.
    // Should redis-cli fail, kill the server rather than wait forever: the test then fails on
    // the lost data instead of hanging.
    await run("redis-cli", ["-p", String(port), "shutdown", "save"]).catch(() => child?.kill("SIGKILL"));
    await exited;
  };

  try {
    await launch();
  } catch (error) {
    await stop().catch(() => undefined);
    throw new Error(`Redis did not start: ${(error as Error).message}`, { cause: error });
  }
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop,
    halt,
    resume: async () => {
      if (!running()) await launch();
    },
  };
}
