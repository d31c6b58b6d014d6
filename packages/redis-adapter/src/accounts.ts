/**
 * Accounts: a hash per (provider, providerAccountId), listed in a set per user so that deleting
 * the user finds them.
 *
 * @module
 */
import type { Adapter, AdapterAccount } from "@portcullis/core/adapters";
import { AdapterError } from "@portcullis/core/errors";
import { ACCOUNT, encodeRow } from "./codec";
import type { AdapterContext } from "./context";
import { accountMember } from "./keys";
import { script } from "./script";

type AccountMethods = Required<Pick<Adapter, "linkAccount" | "unlinkAccount" | "getAccount">>;

// KEYS: account. ARGV: prefix, user id, account member, then the hash's pairs. Relinking an
// account to another user moves it out of the previous user's set, so that user's deletion
// cannot take it along.
const LINK = script(`
local id, member = ARGV[2], ARGV[3]
if redis.call('EXISTS', P .. 'user:' .. id) == 0 then return 'no-user' end
local previous = owner(KEYS[1])
if previous and previous ~= id then redis.call('SREM', P .. 'user-accounts:' .. previous, member) end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], unpack(ARGV, 4))
redis.call('SADD', P .. 'user-accounts:' .. id, member)
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
      if ((await run("linkAccount", key, LINK, args)) === "no-user") {
        throw new AdapterError("RedisAdapter linkAccount: the account refers to a user that does not exist.");
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
  };
}
