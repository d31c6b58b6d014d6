import type { Adapter } from "@portcullis/core/adapters";
import { copy, type MemoryStore, pairKey, requireUser } from "./store";

type AccountMethods = Required<
  Pick<Adapter, "linkAccount" | "unlinkAccount" | "getAccount" | "listAccountsByUser" | "updateAccount">
>;

/** The account methods of the memory adapter. */
export function accountMethods(store: MemoryStore): AccountMethods {
  const { accounts } = store;
  return {
    async linkAccount(account) {
      requireUser(store, account.userId);
      accounts.set(pairKey(account.provider, account.providerAccountId), copy(account));
      return copy(account);
    },
    async unlinkAccount({ provider, providerAccountId }) {
      const key = pairKey(provider, providerAccountId);
      const account = accounts.get(key);
      accounts.delete(key);
      return account && copy(account);
    },
    async getAccount(providerAccountId, provider) {
      const account = accounts.get(pairKey(provider, providerAccountId));
      return account ? copy(account) : null;
    },
    async listAccountsByUser(userId) {
      return [...accounts.values()].filter((account) => account.userId === userId).map(copy);
    },
    async updateAccount(changes) {
      const key = pairKey(changes.provider, changes.providerAccountId);
      const stored = accounts.get(key);
      if (!stored) return null;
      // Only the fields given change: an undefined one is left as stored, a null one is cleared.
      const updated = { ...stored };
      for (const [field, value] of Object.entries(changes)) {
        if (value === undefined || field === "userId") continue;
        if (value === null) delete updated[field];
        else updated[field] = value;
      }
      accounts.set(key, updated);
      return copy(updated);
    },
  };
}
