/**
 * Starts a bench child process (a server or a JWT timer) pinned to the server core, and talks to
 * it over IPC: one command, one reply.
 *
 * @module
 */
import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { resolve } from "node:path";
import { onServerCpu } from "./affinity";
import { CHILD_DIST, type ChildEntry } from "./build";
import type { Command, Reply } from "./protocol";

/** The repository root, where children run. */
const ROOT = resolve(import.meta.dirname, "../../..");

type Ready = Extract<Reply, { type: "ready" }>;
type Answer<T extends Command["type"]> = Extract<Reply, { type: T; id: number }>;
type Ask<T extends Command["type"]> = Omit<Extract<Command, { type: T }>, "id">;

/** A running child. */
export interface Child {
  /** What the child announced when it was ready. */
  ready: Ready;
  /** Sends a command and resolves with its reply. */
  call<T extends Command["type"]>(command: Ask<T> & { type: T }): Promise<Answer<T>>;
  /** Ends the child and waits for it to exit. */
  stop(): Promise<void>;
}

/** Thrown when the child reports that its app cannot be built; the message is the reason. */
export class ChildUnavailable extends Error {
  override name = "ChildUnavailable";
}

function firstReply(child: ChildProcess): Promise<Reply> {
  return new Promise((resolveReply, reject) => {
    child.once("message", (message) => resolveReply(message as Reply));
    child.once("exit", (code) =>
      reject(new Error(`bench child exited with code ${code} before it was ready`)),
    );
  });
}

/**
 * Starts a child entry (compiled by `buildForBench`, run by plain node) on the server core and
 * waits for its ready message.
 *
 * @param entry The entry's name.
 * @param args Its arguments.
 * @returns The child.
 * @throws {ChildUnavailable} When the child reports its app cannot be built.
 * @throws When the child exits before it is ready.
 * @example
 * ```ts
 * const server = await startChild("server-main", ["floor", "jwt"]);
 * ```
 */
export async function startChild(entry: ChildEntry, args: readonly string[]): Promise<Child> {
  const [command, ...rest] = onServerCpu([process.execPath, resolve(CHILD_DIST, `${entry}.js`), ...args]);
  const child = spawn(command!, rest, {
    cwd: ROOT,
    // The child's output goes to stderr: stdout carries only the report.
    stdio: ["ignore", 2, 2, "ipc"],
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, "exit");
    child.kill("SIGTERM");
    await exited;
  };
  const first = await firstReply(child);
  if (first.type === "unavailable") {
    await stop();
    throw new ChildUnavailable(first.reason);
  }
  if (first.type !== "ready") throw new Error(`bench child sent ${first.type} before ready`);
  let nextId = 0;
  const pending = new Map<number, { resolve: (reply: Reply) => void; reject: (error: Error) => void }>();
  child.on("message", (message: Reply) => {
    if (!("id" in message)) return;
    pending.get(message.id)?.resolve(message);
    pending.delete(message.id);
  });
  child.on("exit", (code) => {
    for (const { reject } of pending.values()) reject(new Error(`bench child exited with code ${code}`));
    pending.clear();
  });
  return {
    ready: first,
    call: (command) => {
      const id = ++nextId;
      return new Promise((resolveCall, reject) => {
        pending.set(id, { resolve: (message) => resolveCall(message as never), reject });
        child.send({ ...command, id });
      });
    },
    stop,
  };
}
