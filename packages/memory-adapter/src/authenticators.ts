import type { Adapter } from "@portcullis/core/adapters";
import { AdapterError } from "@portcullis/core/errors";
import { copy, type MemoryStore, requireUser } from "./store";

type AuthenticatorMethods = Required<
  Pick<
    Adapter,
    "createAuthenticator" | "getAuthenticator" | "listAuthenticatorsByUserId" | "updateAuthenticatorCounter"
  >
>;

/** The WebAuthn authenticator methods of the memory adapter. */
export function authenticatorMethods(store: MemoryStore): AuthenticatorMethods {
  const { authenticators } = store;
  return {
    async createAuthenticator(authenticator) {
      requireUser(store, authenticator.userId);
      authenticators.set(authenticator.credentialID, copy(authenticator));
      return copy(authenticator);
    },
    async getAuthenticator(credentialID) {
      const authenticator = authenticators.get(credentialID);
      return authenticator ? copy(authenticator) : null;
    },
    async listAuthenticatorsByUserId(userId) {
      return [...authenticators.values()].filter((a) => a.userId === userId).map(copy);
    },
    async updateAuthenticatorCounter(credentialID, newCounter) {
      const stored = authenticators.get(credentialID);
      if (!stored) throw new AdapterError("No authenticator has this credential id.");
      // Never backwards: of two sign-ins in flight, the lower counter (a clone's) must not replace
      // the higher one. The row is answered as stored, so the core sees when its write was refused.
      if (newCounter > stored.counter) stored.counter = newCounter;
      return copy(stored);
    },
  };
}
