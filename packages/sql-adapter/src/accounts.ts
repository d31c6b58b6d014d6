import type { Adapter } from "@portcullis/core/adapters";
import type { SqlContext } from "./context";
import { accountRow, toAccount } from "./rows";

type AccountMethods = Required<Pick<Adapter, "linkAccount" | "unlinkAccount" | "getAccount">>;

/** The account methods of the SQL adapter. */
export function accountMethods({ db, dialect, tables }: SqlContext): AccountMethods {
  return {
    async linkAccount(account) {
      const row = accountRow(account);
      // The row id is the adapter's own; callers identify accounts by provider and account id.
      await db
        .insertInto(tables.account)
        .values({ id: crypto.randomUUID(), ...row })
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
