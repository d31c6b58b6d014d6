/**
 * Every difference between SQLite, PostgreSQL and MySQL/MariaDB that the adapter cares about,
 * in one place: column types, how dates and booleans are stored and compared, and how a row is
 * deleted and returned atomically. Everything else in the package is dialect-neutral.
 *
 * @module
 */

import { isDate } from "@portcullis/core/adapters";
import { InvalidConfiguration } from "@portcullis/core/errors";
import {
  DummyDriver,
  type Expression,
  Kysely,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type SqlBool,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql,
} from "kysely";
import { type AnyDb, inTransaction, type Row, whereAll } from "./db";

/** The SQL dialects the adapter supports. */
export type DialectName = "sqlite" | "postgres" | "mysql";

/** The kinds of column the schema uses; each dialect maps them to a type. */
export type ColumnKind = "key" | "text" | "date" | "integer" | "boolean";

/** How one dialect stores values and removes rows. */
export interface SqlDialect {
  /** SQL type of each column kind. `key` columns are indexed, so MySQL needs a bounded length. */
  readonly types: Readonly<Record<ColumnKind, string>>;
  /**
   * The default of a row-id column: a random id made by the database, so that writers which
   * leave ids out (Auth.js's Kysely adapter inserts accounts and sessions without one) can
   * share the database with Portcullis.
   */
  readonly idDefault: string;
  /** Table options appended to CREATE TABLE, if any. */
  readonly tableOptions?: string;
  /**
   * Whether `migrate` creates the schema's lookup indexes (a user's sessions and accounts, a
   * provider session's sessions). Not on MySQL: InnoDB indexes a foreign key's columns itself,
   * and takes TEXT columns into an index only by a prefix length.
   */
  readonly lookupIndexes: boolean;
  /**
   * The value bound for a date column, given the column's declared type when it is known (a
   * database made by another tool may store dates differently from `migrate`).
   */
  date(value: Date | null | undefined, columnType?: string): unknown;
  /** The value bound for a boolean column. */
  boolean(value: boolean): unknown;
  /**
   * The condition "the date in `column` is before `value`", given the column's declared type.
   * Rows whose date is stored in a form the dialect cannot compare do not match.
   */
  dateBefore(column: string, value: Date, columnType?: string): Expression<SqlBool>;
  /**
   * Deletes the row of `table` matching every column of `match` and answers it, atomically: of
   * concurrent callers at most one gets the row. Answers undefined when nothing matched.
   */
  take(db: AnyDb, table: string, match: Row): Promise<Row | undefined>;
  /**
   * Deletes every row of `table` matching every column of `match` and answers them, atomically:
   * a row is answered to at most one of concurrent callers.
   */
  takeAll(db: AnyDb, table: string, match: Row): Promise<Row[]>;
  /**
   * Inserts `row` into a table whose ids the database numbers itself (`serial`, AUTO_INCREMENT)
   * and answers the id it gave the row.
   */
  insertNumbered(db: AnyDb, table: string, row: Row): Promise<unknown>;
}

/** INSERT ... RETURNING id: the number the database gave the row, in the same statement. */
async function insertReturningId(db: AnyDb, table: string, row: Row): Promise<unknown> {
  const inserted = await db.insertInto(table).values(row).returning("id").executeTakeFirstOrThrow();
  return inserted.id;
}

/** MySQL has no INSERT ... RETURNING: the driver reports the AUTO_INCREMENT id it was given. */
async function insertReportingId(db: AnyDb, table: string, row: Row): Promise<unknown> {
  const { insertId } = await db.insertInto(table).values(row).executeTakeFirstOrThrow();
  return insertId !== undefined && insertId <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(insertId) : insertId;
}

/** DELETE ... RETURNING: the database deletes and returns in one statement, so one caller wins. */
async function deleteReturning(db: AnyDb, table: string, match: Row): Promise<Row | undefined> {
  return db.deleteFrom(table).where(whereAll(match)).returningAll().executeTakeFirst();
}

/**
 * MySQL has no DELETE ... RETURNING: lock the row with SELECT ... FOR UPDATE inside a
 * transaction, then delete it. A concurrent caller blocks on the lock and, once the winner
 * commits, finds no row.
 */
async function lockAndDelete(db: AnyDb, table: string, match: Row): Promise<Row | undefined> {
  return inTransaction(db, async (trx) => {
    const row = await trx.selectFrom(table).selectAll().where(whereAll(match)).forUpdate().executeTakeFirst();
    if (row) await trx.deleteFrom(table).where(whereAll(match)).execute();
    return row;
  });
}

/** DELETE ... RETURNING of every matching row, in one statement. */
async function deleteAllReturning(db: AnyDb, table: string, match: Row): Promise<Row[]> {
  return db.deleteFrom(table).where(whereAll(match)).returningAll().execute();
}

/**
 * MySQL: lock every matching row (InnoDB's locks cover the scanned gaps as well, so no matching
 * row can be added meanwhile), then delete them; concurrent callers wait and find none.
 */
async function lockAndDeleteAll(db: AnyDb, table: string, match: Row): Promise<Row[]> {
  return inTransaction(db, async (trx) => {
    const rows = await trx.selectFrom(table).selectAll().where(whereAll(match)).forUpdate().execute();
    if (rows.length > 0) await trx.deleteFrom(table).where(whereAll(match)).execute();
    return rows;
  });
}

const asIs = <T>(value: T) => value;

/** `column < value` on a database with a date type: the driver binds the Date as it writes one. */
function comparedDate(column: string, value: Date): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} < ${value}`;
}

/**
 * SQLite has no date type, so the comparison follows what is stored: epoch milliseconds in an
 * integer column (text there never matches: SQLite orders every number before any text), else
 * text read by `julianday`, which parses both ISO 8601 (`...T...Z`) and SQLite's own
 * `YYYY-MM-DD HH:MM:SS`, in UTC; comparing the text as it is would order those two forms wrongly
 * within a day. A number in such a column (Prisma's epoch milliseconds) is no date `julianday`
 * accepts: it answers NULL, so the row does not match.
 */
function sqliteDateBefore(column: string, value: Date, columnType?: string): Expression<SqlBool> {
  if (columnType?.includes("int")) return sql<SqlBool>`${sql.ref(column)} < ${value.getTime()}`;
  return sql<SqlBool>`julianday(${sql.ref(column)}) < julianday(${value.toISOString()})`;
}

const DIALECTS: Readonly<Record<DialectName, SqlDialect>> = {
  // SQLite has no date or boolean type: dates are ISO 8601 text in UTC (sortable, readable and
  // exact to the millisecond), booleans are 0/1. Columns declared as integers (Drizzle's
  // documented layout, `timestamp_ms`) get epoch milliseconds instead, which Drizzle reads back.
  sqlite: {
    types: { key: "text", text: "text", date: "text", integer: "integer", boolean: "integer" },
    // 128 random bits as hex: SQLite has no UUID function, and the id only has to be unique.
    idDefault: "(lower(hex(randomblob(16))))",
    lookupIndexes: true,
    date: (value, columnType) => {
      if (!value) return null;
      return columnType?.includes("int") ? value.getTime() : value.toISOString();
    },
    boolean: (value) => (value ? 1 : 0),
    dateBefore: sqliteDateBefore,
    take: deleteReturning,
    takeAll: deleteAllReturning,
    insertNumbered: insertReturningId,
  },
  postgres: {
    types: { key: "text", text: "text", date: "timestamptz", integer: "bigint", boolean: "boolean" },
    // gen_random_uuid() is built in from PostgreSQL 13.
    idDefault: "(gen_random_uuid()::text)",
    lookupIndexes: true,
    date: (value) => value ?? null,
    boolean: asIs,
    dateBefore: comparedDate,
    take: deleteReturning,
    takeAll: deleteAllReturning,
    insertNumbered: insertReturningId,
  },
  // A binary collation makes lookups of tokens and emails exact, as on the other dialects
  // (MySQL's default collations ignore case).
  mysql: {
    types: { key: "varchar(255)", text: "text", date: "datetime(3)", integer: "bigint", boolean: "boolean" },
    // Expression defaults need MySQL 8.0.13 or MariaDB 10.2.
    idDefault: "(uuid())",
    tableOptions: "default character set utf8mb4 collate utf8mb4_bin",
    lookupIndexes: false,
    date: (value) => value ?? null,
    boolean: asIs,
    dateBefore: comparedDate,
    take: lockAndDelete,
    takeAll: lockAndDeleteAll,
    insertNumbered: insertReportingId,
  },
};

/** The dialect of a name. */
export function dialectNamed(name: DialectName): SqlDialect {
  return DIALECTS[name];
}

/**
 * The dialect of a Kysely instance, from its dialect adapter. Third-party dialects whose adapter
 * extends Kysely's SQLite, PostgreSQL or MySQL adapter are recognised too.
 *
 * @throws {InvalidConfiguration} For any other dialect.
 */
export function detectDialect(db: AnyDb): SqlDialect {
  const adapter = db.getExecutor().adapter;
  if (adapter instanceof SqliteAdapter) return DIALECTS.sqlite;
  if (adapter instanceof PostgresAdapter) return DIALECTS.postgres;
  if (adapter instanceof MysqlAdapter) return DIALECTS.mysql;
  const name = adapter.constructor.name;
  if (["SqliteAdapter", "PostgresAdapter", "MysqlAdapter"].includes(name))
    throw new InvalidConfiguration(
      `SqlAdapter was given a Kysely ${name} from another copy of kysely than its own: install one kysely for the app and @portcullis/sql-adapter (\`npm ls kysely\` shows the copies; \`npm dedupe\` or one version in package.json joins them).`,
    );
  throw new InvalidConfiguration(
    `SqlAdapter supports Kysely's SQLite, PostgreSQL and MySQL dialects, not ${adapter.constructor.name}.`,
  );
}

/** A Kysely instance without a connection, for compiling a dialect's SQL to text. */
export function offlineKysely(name: DialectName): AnyDb {
  const parts = {
    sqlite: [SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler],
    postgres: [PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler],
    mysql: [MysqlAdapter, MysqlIntrospector, MysqlQueryCompiler],
  } as const;
  const [Adapter, Introspector, Compiler] = parts[name];
  return new Kysely({
    dialect: {
      createAdapter: () => new Adapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new Introspector(db),
      createQueryCompiler: () => new Compiler(),
    },
  });
}

/**
 * Reads a stored date back as a Date. Accepts what drivers answer for this package's schema
 * (Date objects, ISO text) and what other tools store in SQLite: epoch milliseconds (Prisma,
 * Drizzle) and SQLite's own zone-less `YYYY-MM-DD HH:MM:SS` text, which is UTC.
 */
export function readDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (isDate(value)) return value;
  if (typeof value === "number" || typeof value === "bigint") return new Date(Number(value));
  const text = String(value);
  if (/^\d+(\.\d+)?$/.test(text)) return new Date(Number(text));
  if (/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d+)?$/.test(text)) return new Date(`${text.replace(" ", "T")}Z`);
  return new Date(text);
}

/** Reads a stored boolean: true, 1 or "1" are true. */
export function readBoolean(value: unknown): boolean {
  return value === true || value === 1 || value === "1";
}

/** Reads a stored integer: PostgreSQL answers bigint columns as strings. */
export function readInteger(value: unknown): number | null {
  return value === null || value === undefined ? null : Number(value);
}
