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
   * Prepended to every key this store writes: `{prefix}session:{id}` (a hash per session),
   * `{prefix}user-sessions:{userId}` (the set of a user's session ids) and
   * `{prefix}idp-sessions:{provider length}:{provider}:{sid}` (the set of the session ids an
   * identity-provider session started). Default `"portcullis:"`.
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

// The set of the session ids an identity-provider session started, by which back-channel logout
// finds them: the provider's byte length first, so that no provider and sid pair can name
// another's set whatever ':' they hold. idpSetKey() builds the same key in TypeScript.
const IDP = `
local function idp_set(prefix, provider, sid)
  return prefix .. #provider .. ':' .. provider .. ':' .. sid
end
local function forget_idp(hash, prefix, id)
  local idp = redis.call('HMGET', hash, 'provider', 'idpSessionId')
  if idp[1] and idp[2] then redis.call('SREM', idp_set(prefix, idp[1], idp[2]), id) end
end
`;

// KEYS: session hash, user set, and the provider session's set when the session names one.
// ARGV: id, expires (ms), then the hash's field/value pairs.
const CREATE = luaScript(`${EXTEND}
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], unpack(ARGV, 3))
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
redis.call('SADD', KEYS[2], ARGV[1])
extend(KEYS[2], tonumber(ARGV[2]))
if KEYS[3] then
  redis.call('SADD', KEYS[3], ARGV[1])
  extend(KEYS[3], tonumber(ARGV[2]))
end
return 1
`);

// KEYS: session hash. ARGV: lastSeenAt (ms), expires (ms), user-set key prefix, provider-set
// key prefix. A session that is gone stays gone: touching must not bring a revoked session back.
const TOUCH = luaScript(`${EXTEND}${IDP}
local user = redis.call('HGET', KEYS[1], 'userId')
if not user then return 0 end
redis.call('HSET', KEYS[1], 'lastSeenAt', ARGV[1], 'expires', ARGV[2])
redis.call('PEXPIREAT', KEYS[1], ARGV[2])
extend(ARGV[3] .. user, tonumber(ARGV[2]))
local idp = redis.call('HMGET', KEYS[1], 'provider', 'idpSessionId')
if idp[1] and idp[2] then extend(idp_set(ARGV[4], idp[1], idp[2]), tonumber(ARGV[2])) end
return 1
`);

// KEYS: session hash. ARGV: user-set key prefix, id, provider-set key prefix.
const DELETE = luaScript(`${IDP}
local user = redis.call('HGET', KEYS[1], 'userId')
if not user then return 0 end
forget_idp(KEYS[1], ARGV[3], ARGV[2])
redis.call('DEL', KEYS[1])
redis.call('SREM', ARGV[1] .. user, ARGV[2])
return 1
`);

// KEYS: user set. ARGV: session key prefix, the id to keep ('' for none), provider-set key
// prefix. One script, so a session registered meanwhile is either deleted with the rest or
// created after: never half.
const DELETE_BY_USER = luaScript(`${IDP}
local except = ARGV[2]
local count = 0
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if id ~= except then
    forget_idp(ARGV[1] .. id, ARGV[3], id)
    count = count + redis.call('DEL', ARGV[1] .. id)
    redis.call('SREM', KEYS[1], id)
  end
end
return count
`);

// KEYS: the provider session's set. ARGV: session key prefix, user-set key prefix, provider, sid.
// Answers { id, hash fields } of each session deleted. A member whose hash expired or no longer
// names this provider session is only dropped from the set: ids are random, never reused.
const DELETE_BY_IDP = luaScript(`
local deleted = {}
for _, id in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local key = ARGV[1] .. id
  local owner = redis.call('HMGET', key, 'provider', 'idpSessionId', 'userId')
  if owner[1] == ARGV[3] and owner[2] == ARGV[4] and owner[3] then
    table.insert(deleted, { id, redis.call('HGETALL', key) })
    redis.call('DEL', key)
    redis.call('SREM', ARGV[2] .. owner[3], id)
  end
end
redis.call('DEL', KEYS[1])
return deleted
`);

/** The key of an identity-provider session's set, as the scripts' `idp_set` builds it. */
function idpSetKey(idpPrefix: string, provider: string, idpSessionId: string): string {
  return `${idpPrefix}${Buffer.byteLength(provider)}:${provider}:${idpSessionId}`;
}

/** A hash as HGETALL answers it inside a script: field, value, field, value. */
function record(flat: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i + 1 < flat.length; i += 2) out[flat[i]!] = flat[i + 1]!;
  return out;
}

/** The hash's fields: times as milliseconds since the epoch; absent details are left out. */
function fields(session: StoredSession): string[] {
  const out = ["userId", session.userId, "expires", String(session.expires.getTime())];
  if (session.createdAt) out.push("createdAt", String(session.createdAt.getTime()));
  if (session.lastSeenAt) out.push("lastSeenAt", String(session.lastSeenAt.getTime()));
  if (session.userAgent != null) out.push("userAgent", session.userAgent);
  // OpenID Connect back-channel logout finds a provider session's sessions by these.
  if (session.provider != null) out.push("provider", session.provider);
  if (session.idpSessionId != null) out.push("idpSessionId", session.idpSessionId);
  // A federated sign-out of a database session sends it as id_token_hint.
  if (session.idToken != null) out.push("idToken", session.idToken);
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
    ...(hash.idToken !== undefined && { idToken: hash.idToken }),
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
  const idpPrefix = `${prefix}idp-sessions:`;
  return {
    create: async (session) => {
      const keys = [sessionKey(session.id), userPrefix + session.userId];
      if (session.provider != null && session.idpSessionId != null)
        keys.push(idpSetKey(idpPrefix, session.provider, session.idpSessionId));
      await runScript(client, CREATE, keys, [session.id, session.expires.getTime(), ...fields(session)]);
    },
    get: async (id) => parse(id, await client.hgetall(sessionKey(id))),
    touch: async (id, { lastSeenAt, expires }) => {
      await runScript(
        client,
        TOUCH,
        [sessionKey(id)],
        [lastSeenAt.getTime(), expires.getTime(), userPrefix, idpPrefix],
      );
    },
    delete: async (id) =>
      (await runScript(client, DELETE, [sessionKey(id)], [userPrefix, id, idpPrefix])) === 1,
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
      const args = [sessionKey(""), except ?? "", idpPrefix];
      return Number(await runScript(client, DELETE_BY_USER, [userPrefix + userId], args));
    },
    deleteByIdpSession: async (provider, idpSessionId) => {
      const keys = [idpSetKey(idpPrefix, provider, idpSessionId)];
      const args = [sessionKey(""), userPrefix, provider, idpSessionId];
      const deleted = (await runScript(client, DELETE_BY_IDP, keys, args)) as [string, string[]][];
      return deleted.flatMap(([id, flat]) => parse(id, record(flat)) ?? []);
    },
  };
}
