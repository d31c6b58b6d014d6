/**
 * Email verification tokens: a hash per (identifier, token) that Redis expires at the token's
 * `expires`, read and deleted in one script so a link works once.
 *
 * @module
 */
import type { Adapter, VerificationToken } from "@portcullis/core/adapters";
import { encodeRow, VERIFICATION_TOKEN } from "./codec";
import type { AdapterContext } from "./context";
import { script } from "./script";

type VerificationTokenMethods = Required<Pick<Adapter, "createVerificationToken" | "useVerificationToken">>;

// KEYS: token. ARGV: prefix, expires (ms), then the hash's pairs.
const CREATE = script(`
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], unpack(ARGV, 3))
expire_at(KEYS[1], tonumber(ARGV[2]), 0)
return 'ok'
`);

// KEYS: token. ARGV: prefix. Reading and deleting in one script: of any number of concurrent
// uses, from any number of processes, exactly one sees the token.
const USE = script(`
local token = redis.call('HGETALL', KEYS[1])
if #token == 0 then return nil end
redis.call('DEL', KEYS[1])
return token
`);

/**
 * The verification-token methods of the Redis adapter.
 *
 * @param context The adapter's client, keys and error handling.
 * @returns The methods, to spread into the adapter.
 * @example
 * const { useVerificationToken } = verificationTokenMethods(adapterContext(new Redis(), keysUnder("app:"), 0));
 */
export function verificationTokenMethods({ keys, run, row }: AdapterContext): VerificationTokenMethods {
  return {
    async createVerificationToken(created) {
      const key = keys.verificationToken(created.identifier, created.token);
      const args = [created.expires.getTime(), ...encodeRow(VERIFICATION_TOKEN, created)];
      await run("createVerificationToken", key, CREATE, args);
      return created;
    },
    async useVerificationToken({ identifier, token }) {
      const key = keys.verificationToken(identifier, token);
      return row<VerificationToken>(key, VERIFICATION_TOKEN, await run("useVerificationToken", key, USE, []));
    },
  };
}
