/**
 * A throwaway PostgreSQL server from the Debian `postgresql` package, for tests.
 *
 * @module
 */

import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import {
  asServiceUser,
  cleanUpOnExit,
  freePort,
  privateTempDir,
  type RunningDatabase,
  removeDir,
  run,
  stopProcess,
  waitForOutput,
} from "./system";

/** Debian installs PostgreSQL's server tools in a versioned directory that is not on PATH. */
async function binDir(): Promise<string> {
  const versions = await readdir("/usr/lib/postgresql").catch(() => [] as string[]);
  const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
  if (!newest) throw new Error("PostgreSQL is not installed: run scripts/system-deps.sh as root");
  return join("/usr/lib/postgresql", newest, "bin");
}

/** The postmaster's pid, read from its pid file (the first line). */
function postmasterPid(data: string): number | undefined {
  try {
    const pid = Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Starts a private PostgreSQL server for tests: a fresh cluster in a temp dir, listening on a
 * free port of 127.0.0.1 (its unix socket stays inside the temp dir), trust authentication, a
 * database named `portcullis`, and durability switched off because the data is thrown away.
 * As root, the server runs as the `postgres` OS user, since `initdb` refuses root. The server is
 * a child of this process (not daemonised), so it is reaped when it exits.
 *
 * @returns The connection URL and `stop()`, which stops the server and removes its directory. The
 * server is also stopped if the process exits before `stop()` runs.
 * @throws Error with the server's output when PostgreSQL is missing or fails to start.
 * @example
 * const pg = await startPostgres();
 * const pool = new pg.Pool({ connectionString: pg.url });
 * await pg.stop();
 */
export async function startPostgres(): Promise<RunningDatabase> {
  const bin = await binDir();
  const dir = await privateTempDir("portcullis-pg-", "postgres");
  const data = join(dir, "data");
  const port = await freePort();
  let child: ChildProcess | undefined;
  const release = cleanUpOnExit(() => postmasterPid(data), "SIGQUIT", dir);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // SIGQUIT is PostgreSQL's immediate shutdown: no checkpoint, fine for data about to be deleted.
    if (child) await stopProcess(child, "SIGQUIT", postmasterPid(data));
    release();
    await removeDir(dir);
  };
  try {
    const initdb = ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"];
    await run(...asServiceUser("postgres", join(bin, "initdb"), [...initdb, "--no-instructions"]));
    const settings = [
      "listen_addresses=127.0.0.1",
      "fsync=off",
      "synchronous_commit=off",
      "full_page_writes=off",
    ];
    const server = ["-D", data, "-p", String(port), "-k", dir, ...settings.flatMap((s) => ["-c", s])];
    child = spawn(...asServiceUser("postgres", join(bin, "postgres"), server), {
      stdio: ["ignore", "pipe", "pipe"],
    });
    await waitForOutput(child, /ready to accept connections/, 30_000);
    await run(join(bin, "createdb"), ["-h", "127.0.0.1", "-p", String(port), "-U", "postgres", "portcullis"]);
  } catch (error) {
    await stop().catch(() => undefined);
    throw new Error(`PostgreSQL did not start: ${(error as Error).message}`, { cause: error });
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/portcullis`, stop };
}
