import type { Adapter } from "@portcullis/core/adapters";
import { accountMethods } from "./accounts";
import { authenticatorMethods } from "./authenticators";
import { sessionMethods } from "./sessions";
import { createStore } from "./store";
import { userMethods } from "./users";
import { verificationTokenMethods } from "./verification-tokens";

/**
 * An adapter that keeps users, accounts, sessions, verification tokens and authenticators in
 * memory: for development, demos and tests, never for production (everything is lost on
 * restart and nothing is shared between processes).
 *
 * Every method answers a copy, so mutating a returned row changes nothing stored. No method
 * awaits anything between reading and writing, so `useVerificationToken` is atomic: of two
 * concurrent calls exactly one gets the token. Like a database with constraints, it rejects a
 * second user with the same email and rows that refer to an unknown user, and `deleteUser`
 * removes the user's sessions, accounts and authenticators too.
 *
 * @returns A fresh, empty adapter implementing every method.
 * @throws {AdapterError} From `createUser`/`updateUser` on a duplicate email, from
 * `updateUser`/`updateAuthenticatorCounter` on an unknown id, and when a row names an unknown user.
 * @see SPEC.md "Adapter interface"
 * @example
 * ```ts
 * import { MemoryAdapter } from "@portcullis/memory-adapter"
 *
 * const adapter = MemoryAdapter()
 * await adapter.createUser?.({ id: "1", email: "ada@example.com", emailVerified: null })
 * ```
 */
export function MemoryAdapter(): Adapter {
  const store = createStore();
  return {
    ...userMethods(store),
    ...accountMethods(store),
    ...sessionMethods(store),
    ...verificationTokenMethods(store),
    ...authenticatorMethods(store),
  };
}
