import type { Adapter, AdapterAccount } from "@portcullis/core/adapters";
import { timestamps } from "./columns";
import type { SqlContext } from "./context";
import { accountRow, toAccount } from "./rows";

type AccountMethods = Required<
  Pick<Adapter, "linkAccount" | "unlinkAccount" | "getAccount" | "listAccountsByUser" | "updateAccount">
>;

/** The columns that say which account a row is, and whose: never changed by `updateAccount`. */
const ACCOUNT_KEY = ["id", "provider", "providerAccountId", "userId", "type"];

/** The account methods of the SQL adapter. */
export function accountMethods({ db, dialect, tables, columns }: SqlContext): AccountMethods {
  const byKey = async (provider: string, providerAccountId: string) => {
    const row = await db
      .selectFrom(tables.account)
      .selectAll()
      .where("provider", "=", provider)
      .where("providerAccountId", "=", providerAccountId)
      .executeTakeFirst();
    return row ? toAccount(row) : null;
  };
  return {
    async linkAccount(account) {
      // A row id, where the table has one, is the adapter's own (or the database's default);
      // callers identify accounts by provider and account id.
      const table = (await columns()).account;
      const row = accountRow(account, table);
      await db
        .insertInto(tables.account)
        .values({ ...row, ...timestamps(table, dialect, "insert") })
        .execute();
      return toAccount(row);
    },
    async unlinkAccount({ provider, providerAccountId }) {
      const row = await dialect.take(db, tables.account, { provider, providerAccountId });
      return row ? toAccount(row) : undefined;
    },
    getAccount: (providerAccountId, provider) => byKey(provider, providerAccountId),
    async listAccountsByUser(userId) {
      const rows = await db.selectFrom(tables.account).selectAll().where("userId", "=", userId).execute();
      return rows.map(toAccount);
    },
    async updateAccount(changes) {
      const { provider, providerAccountId } = changes;
      const table = (await columns()).account;
      // accountRow drops undefined fields (left as stored) and keeps nulls (cleared).
      const row = accountRow(changes as AdapterAccount, table);
      for (const key of ACCOUNT_KEY) delete row[key];
      if (Object.keys(row).length > 0) {
        await db
          .updateTable(tables.account)
          .set({ ...row, ...timestamps(table, dialect, "update") })
          .where("provider", "=", provider)
          .where("providerAccountId", "=", providerAccountId)
          .execute();
      }
      return byKey(provider, providerAccountId);
    },
  };
}
