/**
 * Direct reads of what the Redis adapter stored, bypassing its methods, for tests that check
 * what is really in Redis (a row the adapter's reads would hide, a token not yet used).
 */
import type { DatabaseReaders } from "@portcullis/adapter-testing";
import type { Redis } from "ioredis";
import {
  ACCOUNT,
  AUTHENTICATOR,
  decodeRow,
  SESSION,
  type Shape,
  USER,
  VERIFICATION_TOKEN,
} from "../src/codec";
import { accountMember, keysUnder } from "../src/keys";

/** Readers of the hashes under `prefix`. */
export function redisReaders(client: Redis, prefix: string): DatabaseReaders {
  const keys = keysUnder(prefix);
  const read = async <T>(key: string, shape: Shape) => decodeRow<T>(key, shape, await client.hgetall(key));
  return {
    user: (id) => read(keys.user(id), USER),
    session: (token) => read(keys.session(token), SESSION),
    account: ({ provider, providerAccountId }) =>
      read(keys.account(accountMember(provider, providerAccountId)), ACCOUNT),
    verificationToken: ({ identifier, token }) =>
      read(keys.verificationToken(identifier, token), VERIFICATION_TOKEN),
    authenticator: (credentialID) => read(keys.authenticator(credentialID), AUTHENTICATOR),
  };
}
