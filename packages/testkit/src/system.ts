/**
 * Small helpers for running real servers from Debian packages in tests: free ports, commands run
 * as a service user, private temp dirs and clean-up that also happens when the process exits
 * without running its teardown.
 *
 * @module
 */
import { type ChildProcess, execFile } from "node:child_process";
import { rmSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** A database server started for tests. */
export interface RunningDatabase {
  /** Connection URL on 127.0.0.1, e.g. `postgres://postgres@127.0.0.1:5433/portcullis`. */
  url: string;
  /** Stops the server and deletes its data; calling it again does nothing. */
  stop(): Promise<void>;
}

/** True when this process runs as root, where servers must drop to their own OS user. */
export const isRoot = process.getuid?.() === 0;

/**
 * Asks the OS for a free TCP port on 127.0.0.1. Another process could take it before the caller
 * binds it; the window is tiny and a server start then fails loudly rather than silently.
 *
 * @returns The port number.
 * @example
 * const port = await freePort();
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The command line that runs `command` as the OS user `user` when this process is root (through
 * `runuser`), and as the current user otherwise: PostgreSQL's tools refuse to run as root.
 *
 * @param user The service's OS user, e.g. `postgres`.
 * @param command Absolute path or name on PATH.
 * @param args Arguments.
 * @returns `[command, args]` for {@link run} or `spawn`.
 * @example
 * await run(...asServiceUser("postgres", "/usr/lib/postgresql/15/bin/initdb", ["-D", dir]));
 */
export function asServiceUser(user: string, command: string, args: string[]): [string, string[]] {
  return isRoot ? ["runuser", ["-u", user, "--", command, ...args]] : [command, args];
}

/**
 * Runs a command to completion and answers its standard output.
 *
 * @param command Absolute path or name on PATH.
 * @param args Arguments.
 * @param options The working directory, the environment (default this process's), and a time-out
 * in milliseconds after which the command is killed (default none).
 * @returns Standard output.
 * @throws Error naming the command, with the end of its output, when it exits non-zero, cannot
 * start or runs out of time.
 * @example
 * const version = await run("mariadbd", ["--version"], { timeout: 10_000 });
 */
export function run(
  command: string,
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { ...options, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout);
      const detail = `${stderr}${stdout}`.trim().slice(-4000);
      const how = error.killed && options.timeout ? `timed out after ${options.timeout} ms` : "failed";
      reject(new Error(`${command} ${args[0] ?? ""} ${how}: ${detail || error.message}`, { cause: error }));
    });
  });
}

/**
 * Makes a fresh private directory under the OS temp dir, owned by `owner` when this process is
 * root, so a server running as that user can write its data there.
 *
 * @param prefix Name prefix, e.g. `portcullis-pg-`.
 * @param owner OS user to hand the directory to (root only).
 * @returns The directory's absolute path.
 * @example
 * const dir = await privateTempDir("portcullis-pg-", "postgres");
 */
export async function privateTempDir(prefix: string, owner: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  if (isRoot) await run("chown", [`${owner}:`, dir]);
  return dir;
}

/**
 * Removes a directory tree; a missing directory is not an error.
 *
 * @param dir The directory.
 * @example
 * await removeDir(dir);
 */
export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

/**
 * Keeps the last 8 KiB of a child's output for error messages, and keeps reading it so that a
 * chatty server never blocks on a full pipe. Resolves once a line matches `ready`.
 *
 * @param child A spawned process with piped stdout and/or stderr.
 * @param ready Pattern announcing that the server accepts connections.
 * @param timeoutMs How long to wait.
 * @returns The output seen so far, as a function, for later diagnostics.
 * @throws Error with the output tail when the process exits or the time runs out first.
 * @example
 * await waitForOutput(child, /ready for connections/, 30_000);
 */
export function waitForOutput(child: ChildProcess, ready: RegExp, timeoutMs: number): Promise<() => string> {
  let output = "";
  const tail = () => output;
  return new Promise((resolve, reject) => {
    const fail = (reason: string) => {
      clearTimeout(timer);
      reject(new Error(`${reason}\n${output.trim()}`));
    };
    const timer = setTimeout(() => fail(`no ${ready} within ${timeoutMs} ms`), timeoutMs);
    const onData = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-8192);
      if (ready.test(output)) {
        clearTimeout(timer);
        child.off("exit", onExit);
        resolve(tail);
      }
    };
    const onExit = (code: number | null) => fail(`exited with ${code} before it was ready`);
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", onExit);
  });
}

/**
 * Stops a server and deletes its directory if this process exits before the returned function is
 * called, so a run that is interrupted (vitest exits on SIGINT and SIGTERM) leaves no database
 * server or data behind. Everything here is synchronous, as an `exit` handler must be; the pid is
 * looked up at exit time.
 *
 * @param pid Answers the pid to signal, or undefined when there is none.
 * @param signal The signal that stops the server at once.
 * @param dir The server's private temp dir.
 * @returns A function that cancels the guard (call it after a clean stop).
 * @example
 * const release = cleanUpOnExit(() => child.pid, "SIGKILL", dir);
 */
export function cleanUpOnExit(
  pid: () => number | undefined,
  signal: NodeJS.Signals,
  dir: string,
): () => void {
  const guard = () => {
    const target = pid();
    try {
      if (target !== undefined) process.kill(target, signal);
    } catch {
      // Already gone: nothing to stop.
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once("exit", guard);
  return () => process.off("exit", guard);
}

/**
 * Stops a server process: sends `signal` to `pid` (the server itself, which may be a grandchild
 * when `runuser` launched it), sends SIGKILL if it is still running five seconds later, and
 * resolves once `child`, the process this one spawned, has exited.
 *
 * @param child The spawned process.
 * @param signal The signal that asks the server to stop.
 * @param pid The server's pid; default the child's.
 * @example
 * await stopProcess(child, "SIGTERM");
 */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals, pid = child.pid): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const send = (sig: NodeJS.Signals) => {
      try {
        if (pid !== undefined) process.kill(pid, sig);
      } catch {
        // The server is gone already; the child exits on its own.
      }
      if (sig === "SIGKILL") child.kill("SIGKILL");
    };
    const force = setTimeout(() => send("SIGKILL"), 5_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    send(signal);
  });
}
