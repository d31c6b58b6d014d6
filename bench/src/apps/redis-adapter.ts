/**
 * Loads `@portcullis/redis-adapter` on demand, so that the rest of the bench runs where the
 * package is not installed and the Redis database-session scenario reports it as not available.
 *
 * @module
 */
import type { Adapter } from "@portcullis/core/adapters";
import type { Redis } from "ioredis";
import { Unavailable } from "./app";

/** The adapter package's exports the bench uses. */
export interface RedisAdapterModule {
  RedisAdapter(client: Redis, options?: { prefix?: string }): Adapter;
}

/**
 * The package's name, held in a variable so that the type checker does not insist on the
 * package being installed, and the bundler of the server entries leaves the import to Node.
 */
const PACKAGE: string = "@portcullis/redis-adapter";

/**
 * Imports `@portcullis/redis-adapter`.
 *
 * @returns The module.
 * @throws {Unavailable} When it fails to load or lacks `RedisAdapter`.
 * @example
 * ```ts
 * const { RedisAdapter } = await loadRedisAdapter();
 * ```
 */
export async function loadRedisAdapter(): Promise<RedisAdapterModule> {
  let loaded: Partial<RedisAdapterModule>;
  try {
    loaded = (await import(PACKAGE)) as Partial<RedisAdapterModule>;
  } catch (error) {
    throw new Unavailable(`adapter not available (${(error as Error).message.split("\n")[0]})`);
  }
  if (typeof loaded.RedisAdapter !== "function")
    throw new Unavailable("adapter not available (no RedisAdapter export)");
  return loaded as RedisAdapterModule;
}
