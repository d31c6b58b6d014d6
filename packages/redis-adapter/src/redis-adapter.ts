import type { Adapter } from "@portcullis/core/adapters";
import type { Redis } from "ioredis";
import { accountMethods } from "./accounts";
import { authenticatorMethods } from "./authenticators";
import { adapterContext } from "./context";
import { firstSignInMethods } from "./first-sign-in";
import { keysUnder } from "./keys";
import { sessionMethods } from "./sessions";
import { userMethods } from "./users";
import { verificationTokenMethods } from "./verification-tokens";

/** Options of {@link RedisAdapter}. */
export interface RedisAdapterOptions {
  /**
   * Prepended to every key the adapter writes; default `"portcullis:adapter:"`. Give apps that
   * share one Redis database different prefixes.
   */
  prefix?: string;
  /**
   * How long, in seconds, Redis keeps a database session after its `expires`; default 0, so
   * Redis removes a session when it expires. The core ignores expired sessions either way; a
   * longer time only keeps them listed by `listSessionsByUser` (and counted by
   * `deleteSessionsByUser`) for that long.
   */
  keepExpiredSessionsFor?: number;
}

/**
 * An adapter that keeps users, accounts, database sessions, verification tokens and WebAuthn
 * authenticators in Redis, so every server process sharing the Redis sees the same users and
 * sessions.
 *
 * Each row is a hash; the lookups the flows need (a user by email, a user's accounts, sessions
 * and authenticators) are indexes kept in the same Lua script as the row, so no reader ever sees
 * one without the other. Sessions and verification tokens expire in Redis at their `expires`;
 * `useVerificationToken` reads and deletes in one script, so a magic link works exactly once.
 * Emails and accounts are unique, as under a database's unique keys: `createUserWithAccount`
 * writes a first sign-in's user and account in one script, and an account another user holds is
 * refused, never moved. `deleteUser` removes the user's accounts, sessions and authenticators
 * with them.
 *
 * @param client An ioredis client. Give it `maxRetriesPerRequest` and `commandTimeout` small
 * enough that a Redis outage fails a request quickly rather than holding it.
 * @param options The key prefix and how long expired sessions are kept.
 * @returns An adapter implementing every method.
 * @throws {TypeError} At once, when `keepExpiredSessionsFor` is negative or not a number.
 * @throws {AdapterError} From each method when Redis fails or times out, when a hash under the
 * prefix is not a valid row (naming its key), for a second user with the same email or account,
 * for rows naming an unknown user, and from `updateUser`/`updateAuthenticatorCounter` on an unknown id.
 * @example
 * ```ts
 * import { Auth, type AuthConfig } from "@portcullis/core"
 * import { RedisAdapter } from "@portcullis/redis-adapter"
 * import { Redis } from "ioredis"
 *
 * const redis = new Redis(process.env.REDIS_URL!, { maxRetriesPerRequest: 1, commandTimeout: 500 })
 * const config: AuthConfig = {
 *   adapter: RedisAdapter(redis, { prefix: "myapp:auth:" }),
 *   session: { strategy: "database" },
 *   providers: [],
 * }
 * export const handler = (request: Request) => Auth(request, config)
 * ```
 */
export function RedisAdapter(client: Redis, options: RedisAdapterOptions = {}): Adapter {
  const { prefix = "portcullis:adapter:", keepExpiredSessionsFor = 0 } = options;
  // A typo here would otherwise reach Redis as PEXPIREAT NaN on the first sign-in.
  if (!Number.isFinite(keepExpiredSessionsFor) || keepExpiredSessionsFor < 0) {
    throw new TypeError("RedisAdapter: keepExpiredSessionsFor must be a number of seconds, 0 or more.");
  }
  const context = adapterContext(client, keysUnder(prefix), keepExpiredSessionsFor * 1000);
  return {
    ...userMethods(context),
    ...accountMethods(context),
    ...firstSignInMethods(context),
    ...sessionMethods(context),
    ...verificationTokenMethods(context),
    ...authenticatorMethods(context),
  };
}
