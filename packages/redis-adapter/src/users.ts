/**
 * Users: a hash per user, and a string per email naming its user, kept in step by scripts so
 * that two users can never claim one email.
 *
 * @module
 */
import type { Adapter, AdapterUser } from "@portcullis/core/adapters";
import { AdapterError } from "@portcullis/core/errors";
import { encodeRow, USER } from "./codec";
import type { AdapterContext } from "./context";
import { accountMember } from "./keys";
import { script } from "./script";
import { IDP } from "./sessions";

type UserMethods = Required<
  Pick<
    Adapter,
    "createUser" | "getUser" | "getUserByEmail" | "getUserByAccount" | "updateUser" | "deleteUser"
  >
>;

// Whether `email` may be given to user `id`: free, already theirs, or left behind by a user who
// no longer exists (a hand-deleted hash), which the new owner may take over. The first sign-in's
// script checks it too.
export const EMAIL_FREE = `
local function email_free(email_key, id)
  local holder = redis.call('GET', email_key)
  return not holder or holder == id or redis.call('EXISTS', P .. 'user:' .. holder) == 0
end
`;

// KEYS: user. ARGV: prefix, id, email key ('' without an email), then the hash's pairs.
const CREATE = script(`${EMAIL_FREE}
if redis.call('EXISTS', KEYS[1]) == 1 then return 'id-taken' end
local email_key = ARGV[3]
if email_key ~= '' then
  if not email_free(email_key, ARGV[2]) then return 'email-taken' end
  redis.call('SET', email_key, ARGV[2])
end
redis.call('HSET', KEYS[1], unpack(ARGV, 4))
return 'ok'
`);

// KEYS: user. ARGV: prefix, id, what happens to the email ('keep', 'clear', or the new email's
// key), then the changed pairs. Answers the whole user after the change, or nil when unknown.
const UPDATE = script(`${EMAIL_FREE}
if redis.call('EXISTS', KEYS[1]) == 0 then return nil end
local id, email = ARGV[2], ARGV[3]
if email ~= 'keep' then
  if email ~= 'clear' then
    if not email_free(email, id) then return 'email-taken' end
  end
  local raw = redis.call('HGET', KEYS[1], 'email')
  local ok, old = pcall(cjson.decode, raw or 'null')
  if ok and type(old) == 'string' then
    local old_key = P .. 'user-by-email:' .. old
    if redis.call('GET', old_key) == id then redis.call('DEL', old_key) end
  end
  if email ~= 'clear' then redis.call('SET', email, id) end
end
redis.call('HSET', KEYS[1], unpack(ARGV, 4))
return redis.call('HGETALL', KEYS[1])
`);

// KEYS: user. ARGV: prefix, id. Removes the user, their email index entry, and every account,
// session and authenticator listed in their sets, with the sets: one step, so no reader sees a
// session whose user is half gone. Answers the user as it was.
const DELETE = script(`${IDP}
local id = ARGV[2]
local user = redis.call('HGETALL', KEYS[1])
local ok, email = pcall(cjson.decode, redis.call('HGET', KEYS[1], 'email') or 'null')
if ok and type(email) == 'string' then
  local email_key = P .. 'user-by-email:' .. email
  if redis.call('GET', email_key) == id then redis.call('DEL', email_key) end
end
redis.call('DEL', KEYS[1])
local owned = { { 'user-accounts:', 'account:' }, { 'user-sessions:', 'session:' },
  { 'user-authenticators:', 'authenticator:' } }
for _, pair in ipairs(owned) do
  -- A user's sessions are a sorted set (see sessions.ts), their accounts and authenticators sets.
  local sessions = pair[2] == 'session:'
  local set = sessions and sorted_sessions(P .. pair[1] .. id) or P .. pair[1] .. id
  local members = sessions and redis.call('ZRANGE', set, 0, -1) or redis.call('SMEMBERS', set)
  for _, member in ipairs(members) do
    -- A session leaves its identity-provider session's set too, which goes with its last member.
    local idp = sessions and idp_set(P .. 'session:' .. member)
    if idp then redis.call('SREM', idp, member) end
    redis.call('DEL', P .. pair[2] .. member)
  end
  redis.call('DEL', set)
end
return user
`);

// KEYS: email index. ARGV: prefix.
const BY_EMAIL = script(`
local id = redis.call('GET', KEYS[1])
if not id then return nil end
return redis.call('HGETALL', P .. 'user:' .. id)
`);

// KEYS: account. ARGV: prefix.
const BY_ACCOUNT = script(`
local id = owner(KEYS[1])
if not id then return nil end
return redis.call('HGETALL', P .. 'user:' .. id)
`);

/**
 * The user methods of the Redis adapter.
 *
 * @param context The adapter's client, keys and error handling.
 * @returns The methods, to spread into the adapter.
 * @example
 * const { getUserByEmail } = userMethods(adapterContext(new Redis(), keysUnder("app:"), 0));
 */
export function userMethods(context: AdapterContext): UserMethods {
  const { keys, run, call, row, client } = context;
  const user = (key: string, flat: unknown) => row<AdapterUser>(key, USER, flat);
  return {
    async createUser(created) {
      const key = keys.user(created.id);
      const emailKey = created.email == null ? "" : keys.userByEmail(created.email);
      const outcome = await run("createUser", key, CREATE, [
        created.id,
        emailKey,
        ...encodeRow(USER, created),
      ]);
      if (outcome === "email-taken")
        throw new AdapterError("RedisAdapter createUser: another user has this email.");
      if (outcome === "id-taken")
        throw new AdapterError("RedisAdapter createUser: a user with this id exists.");
      return created;
    },
    async getUser(id) {
      const key = keys.user(id);
      return user(key, await call("getUser", key, () => client.hgetall(key)));
    },
    async getUserByEmail(email) {
      const key = keys.userByEmail(email);
      return user(key, await run("getUserByEmail", key, BY_EMAIL, []));
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const key = keys.account(accountMember(provider, providerAccountId));
      return user(key, await run("getUserByAccount", key, BY_ACCOUNT, []));
    },
    async updateUser(changes) {
      const key = keys.user(changes.id);
      let email = "keep";
      if (changes.email === null) email = "clear";
      else if (changes.email !== undefined) email = keys.userByEmail(changes.email);
      const outcome = await run("updateUser", key, UPDATE, [changes.id, email, ...encodeRow(USER, changes)]);
      if (outcome === "email-taken")
        throw new AdapterError("RedisAdapter updateUser: another user has this email.");
      const updated = user(key, outcome);
      if (!updated) throw new AdapterError("RedisAdapter updateUser: no user has this id.");
      return updated;
    },
    async deleteUser(userId) {
      const key = keys.user(userId);
      return user(key, await run("deleteUser", key, DELETE, [userId]));
    },
  };
}
