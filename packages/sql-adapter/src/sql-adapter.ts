import type { Adapter } from "@portcullis/core/adapters";
import type { Kysely } from "kysely";
import { accountMethods } from "./accounts";
import { authenticatorMethods } from "./authenticators";
import { schemaColumns } from "./columns";
import type { SqlContext } from "./context";
import type { AnyDb } from "./db";
import { detectDialect } from "./dialect";
import { type SqlAdapterOptions, tableNames } from "./options";
import { sessionMethods } from "./sessions";
import { userMethods } from "./users";
import { verificationTokenMethods } from "./verification-tokens";

/**
 * A Portcullis adapter on a Kysely instance: SQLite (better-sqlite3), PostgreSQL (pg) or
 * MySQL/MariaDB (mysql2), detected from the instance. Tables and columns are named as Auth.js's
 * SQL adapters name them, so a database made for Auth.js works as it is; create a new one with
 * {@link migrate}.
 *
 * `useVerificationToken` is atomic on every dialect (DELETE ... RETURNING on SQLite and
 * PostgreSQL, a locking transaction on MySQL): of two concurrent uses of one magic link exactly
 * one signs in. `createUserWithAccount` writes a first sign-in's user and account in one
 * transaction. Only the columns the tables have are written: they are read from the database's
 * catalog once, on first use, so databases made by Auth.js's Kysely adapter, Prisma or Drizzle
 * (without `Account.id` or `Session.id`, with database-made ids, without an `Authenticator`
 * table) work unchanged. Columns an app adds to the user table (a `role`) are written from the
 * user's field of that name and come back from reads, so callbacks can use them.
 *
 * @param db The Kysely instance; the adapter never closes it.
 * @param options Custom table names.
 * @returns An adapter implementing every method.
 * @throws {InvalidConfiguration} When the Kysely dialect is not SQLite, PostgreSQL or MySQL.
 * Methods reject with the database's error (e.g. a duplicate email), and with `AdapterError`
 * from `updateUser`/`updateAuthenticatorCounter` for an unknown id.
 * @see SPEC.md "Adapter interface", WIRE.md "Database rows"
 * @example
 * ```ts
 * import Database from "better-sqlite3"
 * import { Kysely, SqliteDialect } from "kysely"
 * import { SqlAdapter, migrate } from "@portcullis/sql-adapter"
 *
 * const db = new Kysely({ dialect: new SqliteDialect({ database: new Database("auth.db") }) })
 * await migrate(db)
 * const adapter = SqlAdapter(db)
 * ```
 */
export function SqlAdapter<DB>(db: Kysely<DB>, options?: SqlAdapterOptions): Adapter {
  const any = db as unknown as AnyDb;
  const tables = tableNames(options);
  const context: SqlContext = {
    db: any,
    dialect: detectDialect(any),
    tables,
    columns: schemaColumns(any, tables),
  };
  return {
    ...userMethods(context),
    ...accountMethods(context),
    ...sessionMethods(context),
    ...verificationTokenMethods(context),
    ...authenticatorMethods(context),
    // A first sign-in's user and account in one transaction: both rows or neither.
    createUserWithAccount: async (user, account) => {
      // Read the columns before the transaction: SQLite has one connection, which the
      // transaction holds, so a catalog query from inside it would wait forever.
      const columns = await context.columns();
      return any.transaction().execute(async (trx) => {
        const inTransaction: SqlContext = {
          ...context,
          db: trx as unknown as AnyDb,
          columns: async () => columns,
        };
        const created = await userMethods(inTransaction).createUser(user);
        await accountMethods(inTransaction).linkAccount({ ...account, userId: created.id });
        return created;
      });
    },
  };
}
