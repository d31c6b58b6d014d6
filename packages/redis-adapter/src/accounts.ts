/**
 * Accounts: a hash per (provider, providerAccountId), held by one user at a time, and listed in a
 * set per user so that deleting the user finds them.
 *
 * @module
 */
import type { Adapter, AdapterAccount } from "@portcullis/core/adapters";
import { AdapterError } from "@portcullis/core/errors";
import { ACCOUNT, encodeRow } from "./codec";
import type { AdapterContext } from "./context";
import { accountMember } from "./keys";
import { script } from "./script";

type AccountMethods = Required<
  Pick<Adapter, "linkAccount" | "unlinkAccount" | "getAccount" | "listAccountsByUser" | "updateAccount">
>;

// An account is unique, as under a database's unique key on (provider, providerAccountId).
// `account_free` says whether the account at `key` may be linked to user `id`: unheld, already
// theirs, or left behind by a user who no longer exists (a hand-deleted hash). It is never taken
// from a live user: two first sign-ins of one account racing would otherwise make two users and
// leave the first without its account. `link` writes the account from ARGV[from] on, and files it
// in the user's set (out of a vanished holder's). The first sign-in's script uses both.
export const LINK_ACCOUNT = `
local function account_free(key, id)
  local holder = owner(key)
  return not holder or holder == id or redis.call('EXISTS', P .. 'user:' .. holder) == 0
end
local function link(key, id, member, from)
  local previous = owner(key)
  if previous and previous ~= id then redis.call('SREM', P .. 'user-accounts:' .. previous, member) end
  redis.call('DEL', key)
  redis.call('HSET', key, unpack(ARGV, from))
  redis.call('SADD', P .. 'user-accounts:' .. id, member)
end
`;

// KEYS: account. ARGV: prefix, user id, account member, then the hash's pairs.
const LINK = script(`${LINK_ACCOUNT}
local id = ARGV[2]
if redis.call('EXISTS', P .. 'user:' .. id) == 0 then return 'no-user' end
if not account_free(KEYS[1], id) then return 'account-taken' end
link(KEYS[1], id, ARGV[3], 4)
return 'ok'
`);

// KEYS: account. ARGV: prefix, account member. Answers the account as it was.
const UNLINK = script(`
local account = redis.call('HGETALL', KEYS[1])
if #account == 0 then return nil end
local id = owner(KEYS[1])
redis.call('DEL', KEYS[1])
redis.call('SREM', P .. 'user-accounts:' .. id, ARGV[2])
return account
`);

// KEYS: user's set of accounts. ARGV: prefix.
const LIST = script(`
return members_with_rows(KEYS[1], P .. 'account:')
`);

// KEYS: account. ARGV: prefix, the number of fields to write, those fields as pairs, then the
// fields to clear. Counted, not ended by a separator value: a field of that name (a token answer
// holding a "" key) would end the list early and clear the refreshed tokens instead. Answers the
// account as stored afterwards; nothing is written to an account that does not exist (a refresh
// racing an unlink must not bring it back half-made).
const UPDATE = script(`
if redis.call('EXISTS', KEYS[1]) == 0 then return nil end
local written = tonumber(ARGV[2])
for i = 3, 2 + written * 2, 2 do redis.call('HSET', KEYS[1], ARGV[i], ARGV[i + 1]) end
for j = 3 + written * 2, #ARGV do redis.call('HDEL', KEYS[1], ARGV[j]) end
return redis.call('HGETALL', KEYS[1])
`);

/**
 * The account methods of the Redis adapter.
 *
 * @param context The adapter's client, keys and error handling.
 * @returns The methods, to spread into the adapter.
 * @example
 * const { linkAccount } = accountMethods(adapterContext(new Redis(), keysUnder("app:"), 0));
 */
export function accountMethods({ keys, run, call, row, client }: AdapterContext): AccountMethods {
  const account = (key: string, flat: unknown) => row<AdapterAccount>(key, ACCOUNT, flat);
  return {
    async linkAccount(linked) {
      const member = accountMember(linked.provider, linked.providerAccountId);
      const key = keys.account(member);
      const args = [linked.userId, member, ...encodeRow(ACCOUNT, linked)];
      const outcome = await run("linkAccount", key, LINK, args);
      if (outcome === "no-user") {
        throw new AdapterError("RedisAdapter linkAccount: the account refers to a user that does not exist.");
      }
      if (outcome === "account-taken") {
        throw new AdapterError("RedisAdapter linkAccount: another user has this account.");
      }
      return linked;
    },
    async unlinkAccount({ provider, providerAccountId }) {
      const member = accountMember(provider, providerAccountId);
      const key = keys.account(member);
      return account(key, await run("unlinkAccount", key, UNLINK, [member])) ?? undefined;
    },
    async getAccount(providerAccountId, provider) {
      const key = keys.account(accountMember(provider, providerAccountId));
      return account(key, await call("getAccount", key, () => client.hgetall(key)));
    },
    async listAccountsByUser(userId) {
      const set = keys.userAccounts(userId);
      const rows = (await run("listAccountsByUser", set, LIST, [])) as [string, string[]][];
      return rows.flatMap(([member, flat]) => account(keys.account(member), flat) ?? []);
    },
    async updateAccount({ provider, providerAccountId, ...changes }) {
      const key = keys.account(accountMember(provider, providerAccountId));
      const written = Object.entries(changes).filter(([, value]) => value !== null && value !== undefined);
      const cleared = Object.keys(changes).filter((field) => changes[field as keyof typeof changes] === null);
      const pairs = encodeRow(ACCOUNT, Object.fromEntries(written));
      const args = [pairs.length / 2, ...pairs, ...cleared];
      return account(key, await run("updateAccount", key, UPDATE, args));
    },
  };
}
