/**
 * Redis answers the stores did not expect: after SCRIPT FLUSH every store runs its scripts again,
 * and a key of another type under a rate-limit key makes `take` fail (the core then refuses the
 * attempt: fail closed) instead of letting it through.
 */
import { redisRateLimitStore, redisSessionStore } from "@portcullis/redis";
import { RedisAdapter } from "@portcullis/redis-adapter";
import { type RunningRedis, startRedis } from "@portcullis/testkit";
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, it } from "vitest";

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

it("every store runs its scripts again after SCRIPT FLUSH", async () => {
  const limits = redisRateLimitStore(client);
  const sessions = redisSessionStore(client);
  const adapter = RedisAdapter(client);
  const now = Date.now();
  expect(await limits.take("a", 2, 60_000, now)).toBe(true);
  await client.script("FLUSH");
  expect(await limits.take("a", 2, 60_000, now + 1)).toBe(true);
  expect(await limits.take("a", 2, 60_000, now + 2)).toBe(false);
  await client.script("FLUSH");
  await sessions.create({ id: "s1", userId: "u1", expires: new Date(now + 60_000) });
  await client.script("FLUSH");
  expect(await sessions.deleteByUser("u1")).toBe(1);
  await client.script("FLUSH");
  await adapter.createUser!({ id: "u1", email: "u1@example.test", emailVerified: null });
  await client.script("FLUSH");
  expect(await adapter.getUserByEmail!("u1@example.test")).toMatchObject({ id: "u1" });
});

it("a rate-limit key holding another type makes take fail, never allow", async () => {
  const limits = redisRateLimitStore(client, { prefix: "wt:" });
  await client.set("wt:rate-limit:victim", "x");
  await expect(limits.take("victim", 5, 60_000, Date.now())).rejects.toThrow(/WRONGTYPE/);
});
