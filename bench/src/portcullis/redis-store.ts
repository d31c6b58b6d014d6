/**
 * Portcullis's Redis side of `session-db-redis`: `RedisAdapter` from `@portcullis/redis-adapter`
 * on one ioredis connection, its keys under a prefix of the server process's own, seeded with
 * alice and her session through the adapter.
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { loadRedisAdapter } from "../apps/redis-adapter";
import { type SeededStore, seedAlice } from "../stores/seed";

/** Deletes every key under `prefix`, a batch per scan step. */
async function deleteKeysUnder(client: Redis, prefix: string): Promise<void> {
  for await (const keys of client.scanStream({ match: `${prefix}*`, count: 500 })) {
    if ((keys as string[]).length > 0) await client.del(...(keys as string[]));
  }
}

/**
 * Loads the adapter (first, so a missing package fails fast), connects to the bench's Redis
 * server and seeds alice's session.
 *
 * @param redisUrl The bench's Redis server, `redis://host:port`.
 * @returns The adapter, the session token, and a `close()` that deletes the process's keys and
 * disconnects.
 * @throws {Unavailable} When `@portcullis/redis-adapter` cannot be loaded.
 * @throws When Redis cannot be reached or a write fails.
 * @example
 * ```ts
 * const { adapter, sessionToken, close } = await portcullisRedisStore("redis://127.0.0.1:6379");
 * ```
 */
export async function portcullisRedisStore(redisUrl: string): Promise<SeededStore> {
  const { RedisAdapter } = await loadRedisAdapter();
  const client = new Redis(redisUrl);
  const prefix = `bench-portcullis-${randomUUID()}:`;
  const close = async () => {
    await deleteKeysUnder(client, prefix);
    await client.quit();
  };
  try {
    const adapter = RedisAdapter(client, { prefix });
    return { adapter, sessionToken: await seedAlice(adapter), close };
  } catch (error) {
    // Not close(): with Redis unreachable its commands would wait for reconnections.
    client.disconnect();
    throw error;
  }
}
