/**
 * WebAuthn authenticators: a hash per credential id, listed in a set per user.
 *
 * @module
 */
import { type Adapter, type AdapterAuthenticator, COUNTER_NOT_WRITTEN } from "@portcullis/core/adapters";
import { AdapterError } from "@portcullis/core/errors";
import { AUTHENTICATOR, encodeRow } from "./codec";
import type { AdapterContext } from "./context";
import { script } from "./script";

type AuthenticatorMethods = Required<
  Pick<
    Adapter,
    "createAuthenticator" | "getAuthenticator" | "listAuthenticatorsByUserId" | "updateAuthenticatorCounter"
  >
>;

// KEYS: authenticator. ARGV: prefix, user id, credential id, then the hash's pairs. A credential
// is unique, as under a database's unique key on its id: never taken from a live user (two
// registrations of one credential racing would otherwise move the first one's passkey to the
// second), only from one whose hash is gone.
const CREATE = script(`
local id, credential = ARGV[2], ARGV[3]
if redis.call('EXISTS', P .. 'user:' .. id) == 0 then return 'no-user' end
local previous = owner(KEYS[1])
if previous and previous ~= id then
  if redis.call('EXISTS', P .. 'user:' .. previous) == 1 then return 'credential-taken' end
  redis.call('SREM', P .. 'user-authenticators:' .. previous, credential)
end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], unpack(ARGV, 4))
redis.call('SADD', P .. 'user-authenticators:' .. id, credential)
return 'ok'
`);

// KEYS: user's set. ARGV: prefix.
const LIST = script(`
return members_with_rows(KEYS[1], P .. 'authenticator:')
`);

// KEYS: authenticator. ARGV: prefix, the counter's JSON. Nil when the credential is unknown:
// HSET alone would create a hash holding nothing but a counter. The counter never goes backwards:
// it is written only when greater than the stored one (or when none can be read), in this one
// step, so of two sign-ins in flight with one passkey (the passkey and a clone) the lower counter
// cannot replace the higher. Answers whether it wrote (1 or 0) and the hash as stored: an
// unwritten counter is marked so for the core, which refuses that sign-in even when the stored
// counter equals its own (a clone at the passkey's state whose twin wrote first), and lets an
// unwritten 0 through (synced passkeys stay at 0).
const UPDATE_COUNTER = script(`
if redis.call('EXISTS', KEYS[1]) == 0 then return nil end
local stored = tonumber(redis.call('HGET', KEYS[1], 'counter'))
local written = 0
if not stored or tonumber(ARGV[2]) > stored then
  redis.call('HSET', KEYS[1], 'counter', ARGV[2])
  written = 1
end
return {written, redis.call('HGETALL', KEYS[1])}
`);

/**
 * The WebAuthn authenticator methods of the Redis adapter.
 *
 * @param context The adapter's client, keys and error handling.
 * @returns The methods, to spread into the adapter.
 * @example
 * const { getAuthenticator } = authenticatorMethods(adapterContext(new Redis(), keysUnder("app:"), 0));
 */
export function authenticatorMethods({ keys, run, call, row, client }: AdapterContext): AuthenticatorMethods {
  const authenticator = (key: string, flat: unknown) => row<AdapterAuthenticator>(key, AUTHENTICATOR, flat);
  return {
    async createAuthenticator(created) {
      const key = keys.authenticator(created.credentialID);
      const args = [created.userId, created.credentialID, ...encodeRow(AUTHENTICATOR, created)];
      const outcome = await run("createAuthenticator", key, CREATE, args);
      if (outcome === "no-user") {
        throw new AdapterError(
          "RedisAdapter createAuthenticator: the authenticator refers to a user that does not exist.",
        );
      }
      if (outcome === "credential-taken") {
        throw new AdapterError("RedisAdapter createAuthenticator: another user has this credential.");
      }
      return created;
    },
    async getAuthenticator(credentialID) {
      const key = keys.authenticator(credentialID);
      return authenticator(key, await call("getAuthenticator", key, () => client.hgetall(key)));
    },
    async listAuthenticatorsByUserId(userId) {
      const set = keys.userAuthenticators(userId);
      const rows = (await run("listAuthenticatorsByUserId", set, LIST, [])) as [string, string[]][];
      return rows.flatMap(
        ([credentialID, flat]) => authenticator(keys.authenticator(credentialID), flat) ?? [],
      );
    },
    async updateAuthenticatorCounter(credentialID, newCounter) {
      const key = keys.authenticator(credentialID);
      const answer = await run("updateAuthenticatorCounter", key, UPDATE_COUNTER, [
        JSON.stringify(newCounter),
      ]);
      const [written, flat] = (answer as [number, string[]] | null) ?? [];
      const updated = flat === undefined ? null : authenticator(key, flat);
      if (!updated)
        throw new AdapterError(
          "RedisAdapter updateAuthenticatorCounter: no authenticator has this credential id.",
        );
      return written === 0 ? Object.assign(updated, { [COUNTER_NOT_WRITTEN]: true }) : updated;
    },
  };
}
