/**
 * A sliding-window {@link RateLimitStore} on Redis, shared by every process that uses one server.
 *
 * @module
 */
import { randomUUID } from "node:crypto";
import type { RateLimitStore } from "@portcullis/core";
import type { Redis } from "ioredis";
import { luaScript, runScript } from "./script";

/** Options of {@link redisRateLimitStore}. */
export interface RedisRateLimitStoreOptions {
  /** Prepended to every key this store writes (`{prefix}rate-limit:{key}`); default `"portcullis:"`. */
  prefix?: string;
}

// One sorted set per limited key: members are events, scored by their time in milliseconds.
// Dropping the events that left the window, counting and recording happen in one script, so
// concurrent takes from any number of processes can never let more than `max` through.
const TAKE = luaScript(`
local max = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= max then return 0 end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return 1
`);

// Removes one event scored exactly `now`: the one a take at that instant recorded.
const REFUND = luaScript(`
local found = redis.call('ZRANGEBYSCORE', KEYS[1], ARGV[1], ARGV[1], 'LIMIT', 0, 1)
if found[1] then redis.call('ZREM', KEYS[1], found[1]) end
return 0
`);

/**
 * A window as Redis takes it: whole milliseconds (PEXPIRE refuses `16100.000000000002`, which a
 * window of 16.1 s is in floating point), rounded up so that no window gets shorter, and at most
 * the largest exact integer (a window of 1e16 s would overflow Redis's 64-bit integers).
 */
function wholeMilliseconds(windowMs: number): number {
  return Math.min(Math.ceil(windowMs), Number.MAX_SAFE_INTEGER);
}

/**
 * Makes a {@link RateLimitStore} that keeps each key's recent events in a Redis sorted set, so
 * a limit holds across every server sharing the Redis. Each key expires one window after its
 * latest event, so idle keys cost nothing.
 *
 * @param client An ioredis client. Give it `maxRetriesPerRequest` and `commandTimeout` small
 * enough that a Redis outage fails a sign-in quickly instead of holding it.
 * @param options The key prefix.
 * @returns A store with `take` and `refund`.
 * @example
 * ```ts
 * import { Redis } from "ioredis"
 * import { redisRateLimitStore } from "@portcullis/redis"
 *
 * const store = redisRateLimitStore(new Redis(process.env.REDIS_URL!))
 * const allowed = await store.take("some-key", 5, 60_000, Date.now())
 * ```
 */
export function redisRateLimitStore(
  client: Redis,
  { prefix = "portcullis:" }: RedisRateLimitStoreOptions = {},
): RateLimitStore & { refund: NonNullable<RateLimitStore["refund"]> } {
  return {
    take: async (key, max, windowMs, now) => {
      // Two events in the same millisecond are two members: the random suffix keeps them apart.
      const event = `${now}:${randomUUID()}`;
      const window = wholeMilliseconds(windowMs);
      return (await runScript(client, TAKE, [`${prefix}rate-limit:${key}`], [max, window, now, event])) === 1;
    },
    refund: async (key, now) => {
      await runScript(client, REFUND, [`${prefix}rate-limit:${key}`], [now]);
    },
  };
}
