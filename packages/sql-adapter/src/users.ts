import type { Adapter } from "@portcullis/core/adapters";
import { AdapterError } from "@portcullis/core/errors";
import { isIntegerType, timestamps } from "./columns";
import type { SqlContext } from "./context";
import { inTransaction } from "./db";
import { toUser, userRow } from "./rows";

type UserMethods = Required<
  Pick<
    Adapter,
    "createUser" | "getUser" | "getUserByEmail" | "getUserByAccount" | "updateUser" | "deleteUser"
  >
>;

/** The user methods of the SQL adapter. */
export function userMethods({ db, dialect, tables, columns }: SqlContext): UserMethods {
  const byId = async (id: string) => {
    const row = await db.selectFrom(tables.user).selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toUser(row) : null;
  };
  return {
    async createUser(user) {
      const table = (await columns()).user;
      const row = userRow(user, dialect, table);
      const values = { ...row, ...timestamps(table, dialect, "insert") };
      if (!table?.defaulted.has("id") || !isIntegerType(table.types.get("id"))) {
        await db.insertInto(tables.user).values(values).execute();
        return toUser(row);
      }
      // The database numbers its users (@auth/pg-adapter's `serial`, AUTO_INCREMENT, SQLite's
      // INTEGER PRIMARY KEY): the random id Portcullis proposes cannot go into that column, and
      // the one the database gives is the user's. An integer id the database does not fill in
      // (SQLite's `INT PRIMARY KEY` is no rowid) still takes the proposed one.
      const { id: _proposed, ...unnumbered } = values;
      const id = await dialect.insertNumbered(db, tables.user, unnumbered);
      return toUser({ ...row, id });
    },
    getUser: byId,
    // Both lookups take a value an identity provider controls, and check what comes back: MySQL's
    // and MariaDB's collations ignore trailing spaces when comparing, so "a@b.test " would
    // otherwise find the user of "a@b.test".
    async getUserByEmail(email) {
      const row = await db.selectFrom(tables.user).selectAll().where("email", "=", email).executeTakeFirst();
      return row && row.email === email ? toUser(row) : null;
    },
    async getUserByAccount({ provider, providerAccountId }) {
      const row = await db
        .selectFrom(tables.user)
        .selectAll(tables.user)
        .select(`${tables.account}.providerAccountId as linkedProviderAccountId`)
        .innerJoin(tables.account, `${tables.account}.userId`, `${tables.user}.id`)
        .where(`${tables.account}.provider`, "=", provider)
        .where(`${tables.account}.providerAccountId`, "=", providerAccountId)
        .executeTakeFirst();
      if (!row) return null;
      const { linkedProviderAccountId, ...user } = row;
      return linkedProviderAccountId === providerAccountId ? toUser(user) : null;
    },
    async updateUser(user) {
      const table = (await columns()).user;
      const { id, ...changes } = userRow(user, dialect, table);
      if (Object.keys(changes).length > 0) {
        await db
          .updateTable(tables.user)
          .set({ ...changes, ...timestamps(table, dialect, "update") })
          .where("id", "=", user.id)
          .execute();
      }
      const updated = await byId(user.id);
      if (!updated) throw new AdapterError("updateUser: no user has this id.");
      return updated;
    },
    async deleteUser(userId) {
      const user = await byId(userId);
      // Explicit deletes, not only the foreign keys' ON DELETE CASCADE: SQLite enforces foreign
      // keys only when the connection enables them, and a user's sessions must never outlive them.
      // Databases made for Auth.js often have no Authenticator table (no passkeys): skip it there.
      const schema = await columns();
      const owned = [tables.session, tables.account];
      if (schema.authenticator) owned.push(tables.authenticator);
      await inTransaction(db, async (trx) => {
        for (const table of owned) {
          await trx.deleteFrom(table).where("userId", "=", userId).execute();
        }
        await trx.deleteFrom(tables.user).where("id", "=", userId).execute();
      });
      return user;
    },
  };
}
