/**
 * Which tables and columns the database really has, read once per adapter. Databases made by
 * Auth.js's adapters, Prisma or Drizzle differ from {@link migrate}'s schema (no `Account.id` or
 * `Session.id`, no `Authenticator` table, ids defaulted by the database): the adapter writes
 * only columns that exist, so one adapter serves all of them unchanged.
 *
 * @module
 */
import type { TableMetadata } from "kysely";
import type { AnyDb, Row } from "./db";
import type { SqlDialect } from "./dialect";
import type { TableNames } from "./options";

/** The columns of one table. */
export interface TableColumns {
  /** Declared type of each column, lower case, by column name. */
  readonly types: ReadonlyMap<string, string>;
  /** Columns the database fills in when an insert leaves them out (a default or auto-increment). */
  readonly defaulted: ReadonlySet<string>;
  /** Columns that may hold NULL. */
  readonly nullable: ReadonlySet<string>;
}

/** The columns of each table by role; a role whose table does not exist is absent. */
export type SchemaColumns = Partial<Record<keyof TableNames, TableColumns>>;

/**
 * Whether a declared column type, as the catalog names it (`int4`, `bigint`, `integer`, `int`),
 * is an integer type.
 *
 * @param type The declared type, lower case; undefined for a column that does not exist.
 * @returns True for an integer type.
 * @example
 * ```ts
 * isIntegerType("int4") // true: PostgreSQL's name for serial's type
 * ```
 */
export function isIntegerType(type: string | undefined): boolean {
  return /^(?:(?:tiny|small|medium|big)?int(?:eger|\d)?|(?:small|big)?serial\d?)\b/.test(type ?? "");
}

/** The roles every database must have; `authenticator` is optional (only passkeys use it). */
const REQUIRED: readonly (keyof TableNames)[] = ["user", "account", "session", "verificationToken"];

/**
 * The table an unqualified `name` means, among the catalog's tables (views excluded).
 *
 * @param found The tables Kysely's introspection lists.
 * @param name The table's unqualified name.
 * @returns The table, or undefined when there is none of that name.
 * @example
 * ```ts
 * const session = findTable(await db.introspection.getTables(), "Session")
 * ```
 */
export function findTable(found: readonly TableMetadata[], name: string): TableMetadata | undefined {
  const matches = found.filter((table) => table.name === name && !table.isView);
  // PostgreSQL lists every schema's tables; the unqualified name resolves to `public` by default.
  return matches.find((t) => t.schema === "public") ?? matches[0];
}

/** The columns of every table of `tables`, from the database's catalog. */
async function introspect(db: AnyDb, tables: TableNames): Promise<SchemaColumns> {
  const found = await db.introspection.getTables();
  const schema: SchemaColumns = {};
  for (const role of Object.keys(tables) as (keyof TableNames)[]) {
    const table = findTable(found, tables[role]);
    if (!table) continue;
    schema[role] = {
      types: new Map(table.columns.map((c) => [c.name, c.dataType.toLowerCase()])),
      defaulted: new Set(
        table.columns.filter((c) => c.hasDefaultValue || c.isAutoIncrementing).map((c) => c.name),
      ),
      nullable: new Set(table.columns.filter((c) => c.isNullable).map((c) => c.name)),
    };
  }
  return schema;
}

/**
 * A reader of the database's tables and columns that asks the database once and remembers the
 * answer. An answer missing a required table is not remembered (the adapter may be created
 * before `migrate` runs), nor is a failed one, so the next call asks again.
 *
 * @param db The adapter's Kysely instance.
 * @param tables The table names by role.
 * @returns A function answering the columns; concurrent first calls share one catalog query.
 */
export function schemaColumns(db: AnyDb, tables: TableNames): () => Promise<SchemaColumns> {
  let cached: Promise<SchemaColumns> | undefined;
  return () => {
    cached ??= introspect(db, tables).then(
      (schema) => {
        if (REQUIRED.some((role) => !schema[role])) cached = undefined;
        return schema;
      },
      (error: unknown) => {
        cached = undefined;
        throw error;
      },
    );
    return cached;
  };
}

/**
 * The entries of `row` whose column exists in `table`, for an UPDATE: unlike
 * {@link existingColumns} it never adds an id, which would move the row to a new one. Without
 * `table` the row is left as it is.
 */
export function presentColumns(row: Row, table: TableColumns | undefined): Row {
  if (!table) return row;
  const kept: Row = {};
  for (const column in row) if (table.types.has(column)) kept[column] = row[column];
  return kept;
}

/**
 * The entries of `row` whose column exists in `table`, plus a fresh `id` when the table has an id
 * column that the database does not fill in itself. Without `table` (not introspected: the table
 * is missing and the insert will fail with the database's own error) the row is left as it is.
 */
export function existingColumns(row: Row, table: TableColumns | undefined): Row {
  if (!table) return row;
  const kept = presentColumns(row, table);
  if (kept.id === undefined && table.types.has("id") && !table.defaulted.has("id")) {
    kept.id = crypto.randomUUID();
  }
  return kept;
}

/**
 * Bookkeeping columns that some layouts declare NOT NULL without a database default, because
 * their own client fills them in (Prisma's `updatedAt DateTime @updatedAt` in the schema Auth.js
 * documents). An insert sets both, an update sets `updatedAt`; where the database has a default
 * for a column on insert, it is left to the database.
 */
const TIMESTAMPS = { insert: ["createdAt", "updatedAt"], update: ["updatedAt"] } as const;

/**
 * The bookkeeping timestamps `table` needs for an insert or an update, set to now.
 *
 * @param table The table's columns; without them nothing is added.
 * @param dialect How the database stores dates.
 * @param on Whether the row is being inserted or updated.
 * @returns The columns to add to the statement (often none).
 */
export function timestamps(
  table: TableColumns | undefined,
  dialect: SqlDialect,
  on: "insert" | "update",
): Row {
  const row: Row = {};
  if (!table) return row;
  const now = new Date();
  for (const column of TIMESTAMPS[on]) {
    const type = table.types.get(column);
    if (type === undefined || (on === "insert" && table.defaulted.has(column))) continue;
    row[column] = dialect.date(now, type);
  }
  return row;
}
