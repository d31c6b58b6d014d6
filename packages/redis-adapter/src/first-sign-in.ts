/**
 * A first sign-in's user and account, written by one script: both or neither, as a SQL adapter
 * writes them in one transaction.
 *
 * @module
 */
import type { Adapter } from "@portcullis/core/adapters";
import { AdapterError } from "@portcullis/core/errors";
import { LINK_ACCOUNT } from "./accounts";
import { ACCOUNT, encodeRow, USER } from "./codec";
import type { AdapterContext } from "./context";
import { accountMember } from "./keys";
import { script } from "./script";
import { EMAIL_FREE } from "./users";

// KEYS: user. ARGV: prefix, user id, email key ('' without an email), account member, how many
// values the user's pairs take, those pairs, then the account's pairs. Every check comes before
// the first write, so a refused sign-in leaves nothing behind. Of two first sign-ins of one
// account, the second finds it held and is refused (the core then signs it in as the first's
// user).
const CREATE = script(`${EMAIL_FREE}${LINK_ACCOUNT}
local id, email_key, member = ARGV[2], ARGV[3], ARGV[4]
local account_key = P .. 'account:' .. member
if redis.call('EXISTS', KEYS[1]) == 1 then return 'id-taken' end
if email_key ~= '' and not email_free(email_key, id) then return 'email-taken' end
if not account_free(account_key, id) then return 'account-taken' end
local last = 5 + tonumber(ARGV[5])
if email_key ~= '' then redis.call('SET', email_key, id) end
redis.call('HSET', KEYS[1], unpack(ARGV, 6, last))
link(account_key, id, member, last + 1)
return 'ok'
`);

/** What each refusal of the script means, for the error message. */
const REFUSALS: Record<string, string> = {
  "id-taken": "a user with this id exists",
  "email-taken": "another user has this email",
  "account-taken": "another user has this account",
};

/**
 * The Redis adapter's `createUserWithAccount`: the user, their email's entry and the account in
 * one script, refused when the id, the email or the account is another user's.
 *
 * @param context The adapter's keys and error handling.
 * @returns The method, to spread into the adapter.
 * @example
 * const { createUserWithAccount } = firstSignInMethods(adapterContext(new Redis(), keysUnder("app:"), 0));
 */
export function firstSignInMethods({
  keys,
  run,
}: AdapterContext): Required<Pick<Adapter, "createUserWithAccount">> {
  return {
    async createUserWithAccount(user, account) {
      const key = keys.user(user.id);
      const userPairs = encodeRow(USER, user);
      const outcome = await run("createUserWithAccount", key, CREATE, [
        user.id,
        user.email == null ? "" : keys.userByEmail(user.email),
        accountMember(account.provider, account.providerAccountId),
        userPairs.length,
        ...userPairs,
        ...encodeRow(ACCOUNT, { ...account, userId: user.id }),
      ]);
      const refusal = REFUSALS[String(outcome)];
      if (refusal) throw new AdapterError(`RedisAdapter createUserWithAccount: ${refusal}.`);
      return user;
    },
  };
}
