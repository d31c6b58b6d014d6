import type { Adapter, AdapterUser } from "@portcullis/core/adapters";
import { AdapterError } from "@portcullis/core/errors";
import { copy, definedFields, type MemoryStore, pairKey } from "./store";

type UserMethods = Required<
  Pick<
    Adapter,
    "createUser" | "getUser" | "getUserByEmail" | "getUserByAccount" | "updateUser" | "deleteUser"
  >
>;

/** Rejects an email that another user already has, as a unique column would. */
function requireUniqueEmail(store: MemoryStore, user: AdapterUser): void {
  for (const other of store.users.values()) {
    // Like a SQL unique column, only non-null emails must be unique.
    if (user.email != null && other.email === user.email && other.id !== user.id) {
      throw new AdapterError("Another user has this email.");
    }
  }
}

/** The user methods of the memory adapter. */
export function userMethods(store: MemoryStore): UserMethods {
  const { users } = store;
  const answer = (user: AdapterUser | undefined) => (user ? copy(user) : null);
  return {
    async createUser(user) {
      requireUniqueEmail(store, user);
      users.set(user.id, copy(user));
      return copy(user);
    },
    async getUser(id) {
      return answer(users.get(id));
    },
    async getUserByEmail(email) {
      return answer([...users.values()].find((user) => user.email === email));
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const account = store.accounts.get(pairKey(provider, providerAccountId));
      return answer(account && users.get(account.userId));
    },
    async updateUser(changes) {
      const stored = users.get(changes.id);
      if (!stored) throw new AdapterError("No user has this id.");
      const next: AdapterUser = { ...stored, ...copy(definedFields(changes)) };
      requireUniqueEmail(store, next);
      users.set(next.id, next);
      return copy(next);
    },
    async deleteUser(userId) {
      const user = users.get(userId);
      users.delete(userId);
      // Cascade like the SQL schema's ON DELETE CASCADE foreign keys.
      for (const rows of [store.sessions, store.accounts, store.authenticators]) {
        for (const [key, row] of rows) if (row.userId === userId) rows.delete(key);
      }
      return answer(user);
    },
  };
}
