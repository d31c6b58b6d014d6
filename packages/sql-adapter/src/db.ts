import type { Expression, ExpressionBuilder, Kysely, SqlBool } from "kysely";

/**
 * A Kysely instance over any schema. Table names are chosen at run time (see
 * `SqlAdapterOptions.tables`), so no static database type can describe them.
 */
// biome-ignore lint/suspicious/noExplicitAny: the schema is only known at run time.
export type AnyDb = Kysely<any>;

/** A database row as the driver answers it. */
export type Row = Record<string, unknown>;

/** A WHERE condition requiring every column of `match` to equal its value. */
export function whereAll(match: Row) {
  // biome-ignore lint/suspicious/noExplicitAny: columns are chosen at run time.
  return (eb: ExpressionBuilder<any, any>): Expression<SqlBool> =>
    eb.and(Object.entries(match).map(([column, value]) => eb(column, "=", value)));
}

/** Runs `work` in a transaction, or in the caller's transaction when `db` already is one. */
export function inTransaction<T>(db: AnyDb, work: (trx: AnyDb) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
