/**
 * Database sessions: a hash per session token that Redis expires with the session, and per user
 * a sorted set of tokens for listing and revoking. Every write that touches both is one script.
 *
 * @module
 */
import type { Adapter, AdapterSession, AdapterSessionMethods, AdapterUser } from "@portcullis/core/adapters";
import { AdapterError } from "@portcullis/core/errors";
import { encodeRow, SESSION, USER } from "./codec";
import type { AdapterContext } from "./context";
import { script } from "./script";

// Helpers of the sets of tokens by identity-provider session, which back-channel logout finds
// sessions by. `idp_set` names a session hash's set, as keys.idpSessions() does, or nil when the
// session names no provider session; `idp_add` files a token there and makes the set live as
// long as its longest session (retention included). deleteUser's script uses them too.
export const IDP = `
local function idp_set(key)
  local f = redis.call('HMGET', key, 'provider', 'idpSessionId')
  if not f[1] or not f[2] then return nil end
  local ok1, provider = pcall(cjson.decode, f[1])
  local ok2, sid = pcall(cjson.decode, f[2])
  if not ok1 or not ok2 or type(provider) ~= 'string' or type(sid) ~= 'string' then return nil end
  return P .. 'idp-sessions:' .. #provider .. ':' .. provider .. ':' .. sid
end
local function idp_add(key, token, expires, keep)
  local set = idp_set(key)
  if not set then return end
  redis.call('SADD', set, token)
  local now = now_ms()
  local at = math.max(expires, now) + keep
  local ttl = redis.call('PTTL', set)
  if ttl < 0 or now + ttl < at then redis.call('PEXPIREAT', set, string.format('%d', at)) end
end
`;

// A user's sessions: a sorted set of tokens, each scored by the time Redis removes its session's
// hash. The tokens of sessions Redis has removed are then the ones scored before now, and go in
// one ZREMRANGEBYSCORE without reading any hash: a sign-in costs the same however many sessions
// the user has. `index_session` files a token by its hash's expiry as it now stands (a hash that is
// gone, or that Redis never expires, which the adapter does not write, is not filed), and makes
// the set itself live as long as its last session.
const INDEX = `
local function user_sessions(id) return sorted_sessions(P .. 'user-sessions:' .. id) end
local function drop_removed(set)
  redis.call('ZREMRANGEBYSCORE', set, '-inf', string.format('(%d', now_ms()))
end
local function index_session(key, id, token)
  local set = user_sessions(id)
  drop_removed(set)
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('ZREM', set, token)
    return
  end
  redis.call('ZADD', set, string.format('%d', now_ms() + ttl), token)
  local last = redis.call('ZRANGE', set, -1, -1, 'WITHSCORES')
  redis.call('PEXPIREAT', set, string.format('%d', tonumber(last[2])))
end
`;

// KEYS: session. ARGV: prefix, token, user id, expires (ms), kept after expiry (ms), then the
// hash's pairs.
const CREATE = script(`${IDP}${INDEX}
local token, id = ARGV[2], ARGV[3]
if redis.call('EXISTS', P .. 'user:' .. id) == 0 then return 'no-user' end
local previous = owner(KEYS[1])
if previous and previous ~= id then redis.call('ZREM', user_sessions(previous), token) end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], unpack(ARGV, 6))
expire_at(KEYS[1], tonumber(ARGV[4]), tonumber(ARGV[5]))
index_session(KEYS[1], id, token)
if redis.call('EXISTS', KEYS[1]) == 1 then idp_add(KEYS[1], token, tonumber(ARGV[4]), tonumber(ARGV[5])) end
return 'ok'
`);

// KEYS: session. ARGV: prefix.
const GET_WITH_USER = script(`
local session = redis.call('HGETALL', KEYS[1])
if #session == 0 then return nil end
local user = redis.call('HGETALL', P .. 'user:' .. owner(KEYS[1]))
if #user == 0 then return nil end
return { session, user }
`);

// KEYS: session. ARGV: prefix, token, new expires (ms, or '' to keep), kept after expiry (ms),
// new user id ('' to keep), then the changed pairs. A session that is gone stays gone; one given
// an expires in the past is removed, from its user's set too.
const UPDATE = script(`${IDP}${INDEX}
local token, user = ARGV[2], ARGV[5]
local previous = owner(KEYS[1])
if not previous then return nil end
local id = user ~= '' and user or previous
if id ~= previous then redis.call('ZREM', user_sessions(previous), token) end
redis.call('HSET', KEYS[1], unpack(ARGV, 6))
if ARGV[3] ~= '' then
  expire_at(KEYS[1], tonumber(ARGV[3]), tonumber(ARGV[4]))
  idp_add(KEYS[1], token, tonumber(ARGV[3]), tonumber(ARGV[4]))
end
if id ~= previous or ARGV[3] ~= '' then index_session(KEYS[1], id, token) end
return redis.call('HGETALL', KEYS[1])
`);

// KEYS: session. ARGV: prefix, token. Answers the session as it was.
const DELETE = script(`${IDP}${INDEX}
local session = redis.call('HGETALL', KEYS[1])
if #session == 0 then return nil end
redis.call('ZREM', user_sessions(owner(KEYS[1])), ARGV[2])
local idp = idp_set(KEYS[1])
if idp then redis.call('SREM', idp, ARGV[2]) end
redis.call('DEL', KEYS[1])
return session
`);

// KEYS: user's set. ARGV: prefix. Reads every live session of the user: listing them, like
// revoking them all, costs in proportion to their number, which signing in must not.
const LIST = script(`${INDEX}
drop_removed(sorted_sessions(KEYS[1]))
return members_with_rows(KEYS[1], P .. 'session:', true)
`);

// KEYS: user's set. ARGV: prefix, and the token to keep when there is one. One script, so a
// session created meanwhile is either deleted with the rest or created after: never half.
const DELETE_BY_USER = script(`${IDP}
local deleted = 0
for _, token in ipairs(redis.call('ZRANGE', sorted_sessions(KEYS[1]), 0, -1)) do
  if token ~= ARGV[2] then
    local idp = idp_set(P .. 'session:' .. token)
    if idp then redis.call('SREM', idp, token) end
    deleted = deleted + redis.call('DEL', P .. 'session:' .. token)
    redis.call('ZREM', KEYS[1], token)
  end
end
return deleted
`);

// KEYS: the provider session's set. ARGV: prefix. Deletes and answers, as { token, row } pairs,
// every session it lists that still names this provider session (a token whose hash is gone, or
// was overwritten, is only forgotten: tokens are random, never reused), then the set itself.
const DELETE_BY_IDP = script(`${IDP}${INDEX}
local deleted = {}
for _, token in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  local key = P .. 'session:' .. token
  if idp_set(key) == KEYS[1] then
    table.insert(deleted, { token, redis.call('HGETALL', key) })
    redis.call('ZREM', user_sessions(owner(key)), token)
    redis.call('DEL', key)
  end
end
redis.call('DEL', KEYS[1])
return deleted
`);

/**
 * The database-session methods of the Redis adapter, session control included. The details the
 * core passes (`createdAt`, `lastSeenAt`, `userAgent`) are stored and answered like every field.
 *
 * @param context The adapter's client, keys, retention of expired sessions and error handling.
 * @returns The methods, to spread into the adapter.
 * @example
 * const { getSessionAndUser } = sessionMethods(adapterContext(new Redis(), keysUnder("app:"), 0));
 */
export function sessionMethods({
  keys,
  keepExpiredMs,
  run,
  row,
}: AdapterContext): AdapterSessionMethods & Required<Pick<Adapter, "deleteSessionsByIdpSession">> {
  const session = (key: string, flat: unknown) => row<AdapterSession>(key, SESSION, flat);
  return {
    async createSession(created) {
      const key = keys.session(created.sessionToken);
      const args = [
        created.sessionToken,
        created.userId,
        created.expires.getTime(),
        keepExpiredMs,
        ...encodeRow(SESSION, created),
      ];
      if ((await run("createSession", key, CREATE, args)) === "no-user") {
        throw new AdapterError(
          "RedisAdapter createSession: the session refers to a user that does not exist.",
        );
      }
      return created;
    },
    async getSessionAndUser(sessionToken) {
      const key = keys.session(sessionToken);
      const found = (await run("getSessionAndUser", key, GET_WITH_USER, [])) as [string[], string[]] | null;
      if (!found) return null;
      const stored = session(key, found[0]);
      const user = row<AdapterUser>(keys.user(stored?.userId ?? ""), USER, found[1]);
      return stored && user ? { session: stored, user } : null;
    },
    async updateSession(changes) {
      const key = keys.session(changes.sessionToken);
      const args = [
        changes.sessionToken,
        changes.expires ? changes.expires.getTime() : "",
        keepExpiredMs,
        changes.userId ?? "",
        ...encodeRow(SESSION, changes),
      ];
      return session(key, await run("updateSession", key, UPDATE, args));
    },
    async deleteSession(sessionToken) {
      const key = keys.session(sessionToken);
      return session(key, await run("deleteSession", key, DELETE, [sessionToken]));
    },
    async listSessionsByUser(userId) {
      const set = keys.userSessions(userId);
      const rows = (await run("listSessionsByUser", set, LIST, [])) as [string, string[]][];
      return rows.flatMap(([token, flat]) => session(keys.session(token), flat) ?? []);
    },
    async deleteSessionsByUser(userId, options) {
      const set = keys.userSessions(userId);
      const args = options?.except === undefined ? [] : [options.except];
      return Number(await run("deleteSessionsByUser", set, DELETE_BY_USER, args));
    },
    async deleteSessionsByIdpSession({ provider, idpSessionId }) {
      const set = keys.idpSessions(provider, idpSessionId);
      const rows = (await run("deleteSessionsByIdpSession", set, DELETE_BY_IDP, [])) as [string, string[]][];
      return rows.flatMap(([token, flat]) => session(keys.session(token), flat) ?? []);
    },
  };
}
