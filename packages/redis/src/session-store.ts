/**
 * A {@link SessionStore} on Redis, so JWT sessions can be listed and revoked across every process
 * that shares one server.
 *
 * @module
 */
import type { SessionStore, StoredSession } from "@portcullis/core";
import type { Redis } from "ioredis";
import { luaScript, runScript } from "./script";

/** Options of {@link redisSessionStore}. */
export interface RedisSessionStoreOptions {
  /**
   * Prepended to every key this store writes: `{prefix}session:{id}` (a hash per session) and
   * `{prefix}user-sessions:{userId}` (the set of a user's session ids). Default `"portcullis:"`.
   */
  prefix?: string;
}

// Moves a user's set's expiry out to `at` (ms) unless it already lasts that long, so the set
// lives as long as the user's longest session. Redis's own clock decides, as it does for the
// hashes' expiry.
const EXTEND = `
local function extend(key, at)
  local t = redis.call('TIME')
  local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
  if at <= now then return end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 or now + ttl < at then redis.call('PEXPIREAT', key, at) end
end
`;

// KEYS: session hash, user set. ARGV: id, expires (ms), then the hash's field/value pairs.
const CREATE = luaScript(`${EXTEND}
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], unpack(ARGV, 3))
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
redis.call('SADD', KEYS[2], ARGV[1])
extend(KEYS[2], tonumber(ARGV[2]))
return 1
`);

// KEYS: session hash. ARGV: lastSeenAt (ms), expires (ms), user-set key prefix.
// A session that is gone stays gone: touching must not bring a revoked session back.
const TOUCH = luaScript(`${EXTEND}
local user = redis.call('HGET', KEYS[1], 'userId')
if not user then return 0 end
redis.call('HSET', KEYS[1], 'lastSeenAt', ARGV[1], 'expires', ARGV[2])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
extend(ARGV[3] .. user, tonumber(ARGV[2]))
return 1
`);

// KEYS: session hash. ARGV: user-set key prefix, id.
const DELETE = luaScript(`
local user = redis.call('HGET', KEYS[1], 'userId')
if not user then return 0 end
redis.call('DEL', KEYS[1])
redis.call('SREM', ARGV[1] .. user, ARGV[2])
return 1
`);

// KEYS: user set. ARGV: session key prefix, and the id to keep when there is one. One script, so
// a session registered meanwhile is either deleted with the rest or created after: never half.
const DELETE_BY_USER = luaScript(`
local except = ARGV[2]
local count = 0
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if id ~= except then
    count = count + redis.call('DEL', ARGV[1] .. id)
    redis.call('SREM', KEYS[1], id)
  end
end
return count
`);

/** The hash's fields: times as milliseconds since the epoch; absent details are left out. */
function fields(session: StoredSession): string[] {
  const out = ["userId", session.userId, "expires", String(session.expires.getTime())];
  if (session.createdAt) out.push("createdAt", String(session.createdAt.getTime()));
  if (session.lastSeenAt) out.push("lastSeenAt", String(session.lastSeenAt.getTime()));
  if (session.userAgent != null) out.push("userAgent", session.userAgent);
  // OpenID Connect back-channel logout finds a provider session's sessions by these.
  if (session.provider != null) out.push("provider", session.provider);
  if (session.idpSessionId != null) out.push("idpSessionId", session.idpSessionId);
  return out;
}

/** The session a hash holds, or null for an empty answer (no such key). */
function parse(id: string, hash: Record<string, string>): StoredSession | null {
  if (hash.userId === undefined || hash.expires === undefined) return null;
  const date = (ms: string | undefined) => (ms === undefined ? null : new Date(Number(ms)));
  return {
    id,
    userId: hash.userId,
    expires: new Date(Number(hash.expires)),
    createdAt: date(hash.createdAt),
    lastSeenAt: date(hash.lastSeenAt),
    userAgent: hash.userAgent ?? null,
    ...(hash.provider !== undefined && { provider: hash.provider }),
    ...(hash.idpSessionId !== undefined && { idpSessionId: hash.idpSessionId }),
  };
}

/**
 * Makes a {@link SessionStore} on Redis: a hash per session that Redis expires at the session's
 * `expires`, and a set of session ids per user for listing and revoking. Every write that spans
 * both is one Lua script, so concurrent processes never see a session in one and not the other
 * for longer than a listing takes to tidy it.
 *
 * @param client An ioredis client. Give it `maxRetriesPerRequest` and `commandTimeout` small
 * enough that a Redis outage fails a session check quickly: the core then answers "no session"
 * for that read and keeps the cookie.
 * @param options The key prefix.
 * @returns The store.
 * @example
 * ```ts
 * import { Redis } from "ioredis"
 * import { redisSessionStore } from "@portcullis/redis"
 *
 * const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1, commandTimeout: 500 })
 * const session = { strategy: "jwt" as const, store: redisSessionStore(redis), revalidateAfter: 60 }
 * ```
 */
export function redisSessionStore(
  client: Redis,
  { prefix = "portcullis:" }: RedisSessionStoreOptions = {},
): SessionStore {
  const sessionKey = (id: string) => `${prefix}session:${id}`;
  const userPrefix = `${prefix}user-sessions:`;
  return {
    create: async (session) => {
      const keys = [sessionKey(session.id), userPrefix + session.userId];
      await runScript(client, CREATE, keys, [session.id, session.expires.getTime(), ...fields(session)]);
    },
    get: async (id) => parse(id, await client.hgetall(sessionKey(id))),
    touch: async (id, { lastSeenAt, expires }) => {
      await runScript(client, TOUCH, [sessionKey(id)], [lastSeenAt.getTime(), expires.getTime(), userPrefix]);
    },
    delete: async (id) => (await runScript(client, DELETE, [sessionKey(id)], [userPrefix, id])) === 1,
    listByUser: async (userId) => {
      const ids = await client.smembers(userPrefix + userId);
      if (ids.length === 0) return [];
      const pipeline = client.pipeline();
      for (const id of ids) pipeline.hgetall(sessionKey(id));
      const replies = (await pipeline.exec()) ?? [];
      const sessions: StoredSession[] = [];
      const gone: string[] = [];
      ids.forEach((id, i) => {
        const [error, hash] = replies[i] ?? [new Error("no reply")];
        if (error) throw error;
        const session = parse(id, hash as Record<string, string>);
        if (session) sessions.push(session);
        else gone.push(id);
      });
      // Ids are random and never reused, so an id whose hash expired can be dropped safely.
      if (gone.length > 0) await client.srem(userPrefix + userId, ...gone);
      return sessions;
    },
    deleteByUser: async (userId, except) => {
      const args = except === undefined ? [sessionKey("")] : [sessionKey(""), except];
      return Number(await runScript(client, DELETE_BY_USER, [userPrefix + userId], args));
    },
  };
}
