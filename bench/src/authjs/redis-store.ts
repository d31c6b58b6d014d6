/**
 * Auth.js's Redis side of `session-db-redis`: `@auth/unstorage-adapter` on an `unstorage` storage
 * with unstorage's Redis driver (one ioredis connection), its keys under a prefix of the server
 * process's own, seeded with alice and her session through the adapter.
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import { UnstorageAdapter } from "@auth/unstorage-adapter";
import { createStorage } from "unstorage";
import redisDriver from "unstorage/drivers/redis";
import { type SeededStore, seedAlice } from "../stores/seed";

/**
 * Opens the storage on the bench's Redis server and seeds alice's session through
 * `@auth/unstorage-adapter`.
 *
 * @param redisUrl The bench's Redis server, `redis://host:port`.
 * @returns The adapter, the session token, and a `close()` that deletes the process's keys and
 * disconnects.
 * @throws When Redis cannot be reached or a write fails.
 * @example
 * ```ts
 * const { adapter, sessionToken, close } = await authjsRedisStore("redis://127.0.0.1:6379");
 * ```
 */
export async function authjsRedisStore(redisUrl: string): Promise<SeededStore> {
  // unstorage joins its base to every key with a colon.
  const storage = createStorage({
    driver: redisDriver({ url: redisUrl, base: `bench-authjs-${randomUUID()}` }),
  });
  const close = async () => {
    await storage.clear();
    await storage.dispose();
  };
  try {
    const adapter = UnstorageAdapter(storage);
    return { adapter, sessionToken: await seedAlice(adapter), close };
  } catch (error) {
    // Not close(): with Redis unreachable its commands would wait for reconnections.
    await storage.dispose().catch(() => undefined);
    throw error;
  }
}
