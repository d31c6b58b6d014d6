/**
 * Lua scripts for the adapter: each runs as one atomic step on the server, which is how the
 * adapter keeps a row and its indexes consistent without transactions spanning round trips.
 *
 * @module
 */
import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

/** A Lua script and the SHA-1 the server knows it by once loaded. */
export interface Script {
  source: string;
  sha: string;
}

// Helpers every script may call. `owner` reads a hash's JSON-encoded userId, nil when there is no
// such hash; a hash without one, or with one that is not a JSON string, is reported with the key's
// name (prefixed BADDATA, which the caller recognises), since a script must not guess which user
// a half-written row belongs to.
const PRELUDE = `
local P = ARGV[1]
local function owner(key)
  local raw = redis.call('HGET', key, 'userId')
  if not raw then
    if redis.call('EXISTS', key) == 1 then error({ err = 'BADDATA ' .. key .. ' has no userId' }) end
    return nil
  end
  local ok, id = pcall(cjson.decode, raw)
  if not ok or type(id) ~= 'string' then
    error({ err = 'BADDATA ' .. key .. ' has a userId that is not a JSON string' })
  end
  return id
end
-- The server's clock, in milliseconds since the epoch.
local function now_ms()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
-- The rows an index lists, as { member, row } pairs; \`sorted\` says the index is a sorted set
-- (a user's sessions) rather than a set.
local function members_with_rows(index, key_prefix, sorted)
  local members = sorted and redis.call('ZRANGE', index, 0, -1) or redis.call('SMEMBERS', index)
  local rows = {}
  for _, member in ipairs(members) do
    local row = redis.call('HGETALL', key_prefix .. member)
    if #row == 0 then
      -- The row expired or was removed by hand: the index forgets it too.
      redis.call(sorted and 'ZREM' or 'SREM', index, member)
    else
      table.insert(rows, { member, row })
    end
  end
  return rows
end
-- A user's sessions index as the sorted set sessions.ts keeps. An earlier build of this adapter
-- kept it as a plain set: such a set is filed again, each token scored by when Redis removes its
-- session's hash (one whose hash is gone is dropped), so those users can still sign in, list and
-- be deleted. Answers the key.
local function sorted_sessions(set)
  if redis.call('TYPE', set).ok ~= 'set' then return set end
  local tokens = redis.call('SMEMBERS', set)
  redis.call('DEL', set)
  local now = now_ms()
  for _, token in ipairs(tokens) do
    local ttl = redis.call('PTTL', P .. 'session:' .. token)
    if ttl >= 0 then redis.call('ZADD', set, string.format('%d', now + ttl), token) end
  end
  local last = redis.call('ZRANGE', set, -1, -1, 'WITHSCORES')
  if last[2] then redis.call('PEXPIREAT', set, last[2]) end
  return set
end
local function expire_at(key, expires, keep)
  redis.call('PEXPIREAT', key, string.format('%d', math.max(expires, now_ms()) + keep))
end
`;

/**
 * Prepares a script: prepends the shared helpers (which read the key prefix from ARGV[1]) and
 * computes the digest once, at module load.
 *
 * @param body The script's own Lua.
 * @returns The script ready for {@link runScript}.
 * @example
 * const ping = script("return redis.call('PING')");
 */
export function script(body: string): Script {
  const source = PRELUDE + body;
  return { source, sha: createHash("sha1").update(source).digest("hex") };
}

/**
 * Runs a script by its digest, and sends the whole text only when the server does not know it
 * (first call, or after a restart or SCRIPT FLUSH).
 *
 * @param client An ioredis client.
 * @param prepared From {@link script}.
 * @param keys The main keys the script touches (the ones it derives are built from the prefix).
 * @param args ARGV; the first must be the key prefix.
 * @returns What the script returned, as ioredis decodes it.
 * @throws What the client throws.
 * @example
 * const pong = await runScript(client, script("return redis.call('PING')"), [], ["app:"]);
 */
export async function runScript(
  client: Redis,
  prepared: Script,
  keys: string[],
  args: (string | number)[],
): Promise<unknown> {
  try {
    return await client.evalsha(prepared.sha, keys.length, ...keys, ...args);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
    return client.eval(prepared.source, keys.length, ...keys, ...args);
  }
}
