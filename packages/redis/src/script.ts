/**
 * Runs Lua scripts by their SHA-1 so each call sends a hash rather than the script text, and
 * loads a script again when the server answers NOSCRIPT (after a restart or `SCRIPT FLUSH`).
 *
 * @module
 */
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

/** A Lua script with its SHA-1 digest, ready for {@link runScript}. */
export interface LuaScript {
  source: string;
  sha: string;
}

/**
 * Prepares a Lua script: computes its digest once, at module load.
 *
 * @param source The script text.
 * @returns The script and its SHA-1.
 * @example
 * const ping = luaScript("return redis.call('PING')");
 */
export function luaScript(source: string): LuaScript {
  return { source, sha: createHash("sha1").update(source).digest("hex") };
}

/**
 * Runs a script as one atomic step on the server: EVALSHA first, EVAL when the server does not
 * know the digest yet (EVAL also caches it, so the next call takes the short path).
 *
 * @param client An ioredis client.
 * @param script From {@link luaScript}.
 * @param keys The keys the script touches, as KEYS.
 * @param args The other arguments, as ARGV.
 * @returns What the script returns, as ioredis decodes it.
 * @throws What the client throws (connection lost, command timed out, script error).
 * @example
 * const pong = await runScript(client, luaScript("return redis.call('PING')"), [], []);
 */
export async function runScript(
  client: Redis,
  script: LuaScript,
  keys: string[],
  args: (string | number)[],
): Promise<unknown> {
  try {
    return await client.evalsha(script.sha, keys.length, ...keys, ...args);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
    return client.eval(script.source, keys.length, ...keys, ...args);
  }
}
