import { type Adapter, COUNTER_NOT_WRITTEN } from "@portcullis/core/adapters";
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
      // the higher one. A counter not greater than the stored one is not written, and the row is
      // answered as stored with the COUNTER_NOT_WRITTEN mark, so the core refuses that sign-in
      // even when the stored counter equals its own (a clone at the passkey's state, whose twin
      // wrote first); it lets an unwritten 0 through (synced passkeys stay at 0).
      if (newCounter <= stored.counter) return Object.assign(copy(stored), { [COUNTER_NOT_WRITTEN]: true });
      stored.counter = newCounter;
      return copy(stored);
    },
  };
}
