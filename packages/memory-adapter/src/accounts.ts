import type { Adapter } from "@portcullis/core/adapters";
import { copy, type MemoryStore, pairKey, requireUser } from "./store";

type AccountMethods = Required<Pick<Adapter, "linkAccount" | "unlinkAccount" | "getAccount">>;

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
  };
}
