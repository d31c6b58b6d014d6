/**
 * The Redis rate-limit store counts every window the core accepts (any positive finite
 * `windowSeconds`) as the memory store does. PEXPIRE takes whole milliseconds only: a window of
 * 16.1 s (16100.000000000002 ms in floating point), 2.01 s or 1e16 s made every take throw, so
 * every guarded sign-in was refused as RateLimitStoreUnavailable while Redis was healthy.
 */

import { redisRateLimitStore } from "@portcullis/redis";
import { type RunningRedis, startRedis } from "@portcullis/testkit";
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, it } from "vitest";
import { memoryStore } from "../../core/src/rate-limit/memory-store";

let server: RunningRedis;
let client: Redis;

beforeAll(async () => {
  server = await startRedis();
  client = new Redis(server.url);
});
afterAll(async () => {
  client?.disconnect();
  await server?.stop();
});

for (const windowSeconds of [16.1, 2.01, 0.0005, 1e16]) {
  it(`a window of ${windowSeconds} s counts like the memory store instead of throwing`, async () => {
    const windowMs = windowSeconds * 1000;
    const now = Date.now();
    const redis = redisRateLimitStore(client, { prefix: `rt-${windowSeconds}:` });
    const memory = memoryStore();
    expect(await memory.take("k", 1, windowMs, now)).toBe(true);
    await expect(redis.take("k", 1, windowMs, now)).resolves.toBe(true);
    await expect(redis.take("k", 1, windowMs, now)).resolves.toBe(false);
  });
}
