import type { Adapter } from "@portcullis/core/adapters";
import { timestamps } from "./columns";
import type { SqlContext } from "./context";
import { accountRow, toAccount } from "./rows";

type AccountMethods = Required<Pick<Adapter, "linkAccount" | "unlinkAccount" | "getAccount">>;

/** The account methods of the SQL adapter. */
export function accountMethods({ db, dialect, tables, columns }: SqlContext): AccountMethods {
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
    async getAccount(providerAccountId, provider) {
      const row = await db
        .selectFrom(tables.account)
        .selectAll()
        .where("provider", "=", provider)
        .where("providerAccountId", "=", providerAccountId)
        .executeTakeFirst();
      return row ? toAccount(row) : null;
    },
  };
}
