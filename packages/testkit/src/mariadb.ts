/**
 * A throwaway MariaDB server from the Debian `mariadb-server` package, for tests.
 *
 * @module
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  cleanUpOnExit,
  freePort,
  isRoot,
  privateTempDir,
  type RunningDatabase,
  removeDir,
  run,
  stopProcess,
  waitForOutput,
} from "./system";

/** Debian installs the server in /usr/sbin, which is not on every user's PATH. */
const MARIADBD = existsSync("/usr/sbin/mariadbd") ? "/usr/sbin/mariadbd" : "mariadbd";

/** Test credentials of a server that listens on 127.0.0.1 only and lives for one run. */
const USER = "portcullis";
const PASSWORD = "portcullis";
const DATABASE = "portcullis";

/** The server's command line: loopback only, socket and pid in the temp dir, no durability. */
function serverArgs(dir: string, port: number): string[] {
  return [
    "--no-defaults",
    ...(isRoot ? ["--user=mysql"] : []),
    `--datadir=${join(dir, "data")}`,
    `--port=${port}`,
    "--bind-address=127.0.0.1",
    `--socket=${join(dir, "mysqld.sock")}`,
    `--pid-file=${join(dir, "mysqld.pid")}`,
    "--skip-name-resolve",
    "--skip-log-bin",
    "--innodb-buffer-pool-size=16M",
    "--innodb-flush-log-at-trx-commit=0",
    // The data is deleted after the run: skip the slow clean shutdown work.
    "--innodb-fast-shutdown=3",
  ];
}

/**
 * Starts a private MariaDB server for tests: fresh system tables in a temp dir, listening on a
 * free port of 127.0.0.1 with its unix socket inside the temp dir, and a database `portcullis`
 * owned by a user `portcullis` (password `portcullis`) that may connect from 127.0.0.1 only and
 * may create more databases whose names start with `portcullis`. Grant
 * tables stay on: the user is created through the root account on the private socket.
 *
 * @returns The connection URL and `stop()`, which stops the server and removes its directory. The
 * server is also killed if the process exits before `stop()` runs.
 * @throws Error with the server's output when MariaDB is missing or fails to start.
 * @example
 * const db = await startMariaDB();
 * const pool = mysql.createPool(db.url);
 * await db.stop();
 */
export async function startMariaDB(): Promise<RunningDatabase> {
  const dir = await privateTempDir("portcullis-mariadb-", "mysql");
  const port = await freePort();
  let child: ChildProcess | undefined;
  const release = cleanUpOnExit(() => child?.pid, "SIGKILL", dir);
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (child) await stopProcess(child, "SIGTERM");
    release();
    await removeDir(dir);
  };
  try {
    const install = ["--no-defaults", ...(isRoot ? ["--user=mysql"] : []), `--datadir=${join(dir, "data")}`];
    await run("mariadb-install-db", [
      ...install,
      "--auth-root-authentication-method=normal",
      "--skip-test-db",
    ]);
    child = spawn(MARIADBD, serverArgs(dir, port), { stdio: ["ignore", "pipe", "pipe"] });
    await waitForOutput(child, /ready for connections/, 30_000);
    const setup = [
      `CREATE DATABASE ${DATABASE};`,
      `CREATE USER '${USER}'@'127.0.0.1' IDENTIFIED BY '${PASSWORD}';`,
      // Also databases named portcullis*, so a test file can make a fresh database of its own.
      `GRANT ALL PRIVILEGES ON \`${DATABASE}%\`.* TO '${USER}'@'127.0.0.1';`,
    ].join(" ");
    await run("mariadb", [
      "--no-defaults",
      `--socket=${join(dir, "mysqld.sock")}`,
      "-u",
      "root",
      "-e",
      setup,
    ]);
  } catch (error) {
    await stop().catch(() => undefined);
    throw new Error(`MariaDB did not start: ${(error as Error).message}`, { cause: error });
  }
  return { url: `mysql://${USER}:${PASSWORD}@127.0.0.1:${port}/${DATABASE}`, stop };
}
