/**
 * What every group of adapter methods shares: the client, the key layout, and one way to talk
 * to Redis that turns every failure into an AdapterError naming the method and the key.
 *
 * @module
 */
import { AdapterError } from "@portcullis/core/errors";
import type { Redis } from "ioredis";
import { decodeRow, type Shape } from "./codec";
import { type Keys, redactedKey, redactKeys } from "./keys";
import { runScript, type Script } from "./script";

/** The state of one adapter. */
export interface AdapterContext {
  client: Redis;
  keys: Keys;
  /** How long Redis keeps a session after its `expires`, in milliseconds. */
  keepExpiredMs: number;
  /**
   * Runs a script with the prefix as ARGV[1].
   *
   * @param method The adapter method, for the error message.
   * @param key The row's key, for the error message.
   */
  run(method: string, key: string, prepared: Script, args: (string | number)[]): Promise<unknown>;
  /** Runs any client call, with the same error wrapping as {@link AdapterContext.run}. */
  call<T>(method: string, key: string, request: () => Promise<T>): Promise<T>;
  /** {@link decodeRow} of one hash, or null when it is empty. */
  row<T>(key: string, shape: Shape, flat: unknown): T | null;
}

/**
 * A failure as an AdapterError. Our own (a malformed row) passes unchanged; a script's BADDATA
 * report and Redis's WRONGTYPE (a sibling program stored another type under our key) name the
 * key's kind; anything else (connection lost, command timed out) keeps the client's error as its
 * cause. Keys are redacted everywhere, the cause included (see redactedKey): a session key holds
 * the session token.
 */
function asAdapterError(method: string, key: string, error: unknown, prefix: string): AdapterError {
  if (error instanceof AdapterError) return error;
  const raw = error instanceof Error ? error.message : String(error);
  const message = redactKeys(prefix, raw);
  const cause = message === raw ? error : new Error(message);
  const bad = /^BADDATA (.*?)(?: script: .*)?$/s.exec(message);
  if (bad) return new AdapterError(`RedisAdapter ${method}: the Redis hash ${bad[1]}.`, { cause });
  const shown = redactedKey(prefix, key);
  if (message.startsWith("WRONGTYPE")) {
    return new AdapterError(
      `RedisAdapter ${method}: a key of ${shown} holds another type than the adapter wrote.`,
      {
        cause,
      },
    );
  }
  return new AdapterError(`RedisAdapter ${method} failed on ${shown}: ${message}`, { cause });
}

/**
 * Builds the shared context.
 *
 * @param client The ioredis client.
 * @param keys The key layout.
 * @param keepExpiredMs See {@link AdapterContext.keepExpiredMs}.
 * @returns The context.
 * @example
 * const context = adapterContext(new Redis(), keysUnder("app:"), 0);
 */
export function adapterContext(client: Redis, keys: Keys, keepExpiredMs: number): AdapterContext {
  const call = async <T>(method: string, key: string, request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      throw asAdapterError(method, key, error, keys.prefix);
    }
  };
  return {
    client,
    keys,
    keepExpiredMs,
    call,
    run: (method, key, prepared, args) =>
      call(method, key, () => runScript(client, prepared, [key], [keys.prefix, ...args])),
    row: <T>(key: string, shape: Shape, flat: unknown) => {
      if (flat == null) return null;
      return decodeRow<T>(redactedKey(keys.prefix, key), shape, flat as string[] | Record<string, string>);
    },
  };
}
