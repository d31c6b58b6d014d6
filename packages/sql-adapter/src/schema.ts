import { type CreateTableBuilder, type Kysely, sql } from "kysely";
import { findTable, isIntegerType } from "./columns";
import type { AnyDb } from "./db";
import {
  type ColumnKind,
  type DialectName,
  detectDialect,
  dialectNamed,
  offlineKysely,
  type SqlDialect,
} from "./dialect";
import { type SqlAdapterOptions, type TableNames, tableNames } from "./options";

/** One column: name, kind, and whether it may be null. */
type Column = readonly [name: string, kind: ColumnKind, nullable?: "null"];

/** One table of the schema, by role. */
interface TableSpec {
  role: keyof TableNames;
  columns: readonly Column[];
  primaryKey: readonly string[];
  unique?: readonly (readonly string[])[];
  /** Whether `userId` refers to the user table (with ON DELETE CASCADE). */
  ownedByUser?: boolean;
  /**
   * Nullable columns added after the table first shipped: {@link migrate} adds them to a table
   * that an earlier version created without them.
   */
  addedLater?: readonly string[];
  /**
   * Lookups the keys do not cover, each indexed (where the dialect has `lookupIndexes`): without
   * them, listing or revoking a user's sessions, deleting a user, a back-channel logout and the
   * sweep of expired verification tokens each read the whole table.
   */
  indexes?: readonly (readonly string[])[];
}

/** The schema, column for column as Auth.js's SQL adapters define it. Users come first. */
const SCHEMA: readonly TableSpec[] = [
  {
    role: "user",
    columns: [
      ["id", "key"],
      ["name", "text", "null"],
      ["email", "key"],
      ["emailVerified", "date", "null"],
      ["image", "text", "null"],
    ],
    primaryKey: ["id"],
    unique: [["email"]],
  },
  {
    role: "account",
    columns: [
      ["id", "key"],
      ["userId", "key"],
      ["type", "key"],
      ["provider", "key"],
      ["providerAccountId", "key"],
      ["refresh_token", "text", "null"],
      ["access_token", "text", "null"],
      ["expires_at", "integer", "null"],
      ["token_type", "text", "null"],
      ["scope", "text", "null"],
      ["id_token", "text", "null"],
      ["session_state", "text", "null"],
    ],
    primaryKey: ["id"],
    unique: [["provider", "providerAccountId"]],
    ownedByUser: true,
    indexes: [["userId"]],
  },
  {
    role: "session",
    columns: [
      ["id", "key"],
      ["sessionToken", "key"],
      ["userId", "key"],
      ["expires", "date"],
      // Portcullis's session details, for session lists: nullable, so Auth.js's adapters, which
      // know nothing of them, can still insert sessions here.
      ["createdAt", "date", "null"],
      ["lastSeenAt", "date", "null"],
      ["userAgent", "text", "null"],
      // For OpenID Connect logout: the provider signed in with, its session id (`sid`) and,
      // for providers with federated logout, the ID token (sent back as `id_token_hint`).
      ["provider", "text", "null"],
      ["idpSessionId", "text", "null"],
      ["idToken", "text", "null"],
    ],
    primaryKey: ["id"],
    unique: [["sessionToken"]],
    ownedByUser: true,
    addedLater: ["createdAt", "lastSeenAt", "userAgent", "provider", "idpSessionId", "idToken"],
    indexes: [["userId"], ["provider", "idpSessionId"]],
  },
  {
    role: "verificationToken",
    columns: [
      ["identifier", "key"],
      ["token", "key"],
      ["expires", "date"],
    ],
    primaryKey: ["identifier", "token"],
    // Each new token sweeps the expired ones (see verification-tokens.ts): without an index every
    // email sign-in and passkey options request would read the whole table.
    indexes: [["expires"]],
  },
  {
    role: "authenticator",
    columns: [
      ["credentialID", "key"],
      ["userId", "key"],
      ["providerAccountId", "key"],
      ["credentialPublicKey", "text"],
      ["counter", "integer"],
      ["credentialDeviceType", "key"],
      ["credentialBackedUp", "boolean"],
      ["transports", "text", "null"],
    ],
    primaryKey: ["userId", "credentialID"],
    unique: [["credentialID"]],
    ownedByUser: true,
  },
];

/**
 * The CREATE TABLE statements for a dialect, as Kysely builders on `db`. `userIdType` is the
 * declared type of the user table's `id` when that table exists already: a table created next to
 * it (the passkey table on a database made by Auth.js) must refer to it with the same type, or
 * the foreign key cannot be made (`@auth/pg-adapter` numbers its users with `serial`).
 */
function createTables(db: AnyDb, dialect: SqlDialect, tables: TableNames, userIdType?: string) {
  return SCHEMA.map((spec) => {
    const name = tables[spec.role];
    let table: CreateTableBuilder<string, string> = db.schema.createTable(name).ifNotExists();
    for (const [column, kind, nullable] of spec.columns) {
      const type = column === "userId" && userIdType ? userIdType : dialect.types[kind];
      table = table.addColumn(column, sql.raw(type), (c) => {
        const required = nullable ? c : c.notNull();
        // Row ids default to a random id, so Auth.js's own adapters (which leave account and
        // session ids out) can write here too: a move back to Auth.js stays possible.
        return column === "id" ? required.defaultTo(sql.raw(dialect.idDefault)) : required;
      });
    }
    table = table.addPrimaryKeyConstraint(`${name}_pkey`, [...spec.primaryKey]);
    for (const columns of spec.unique ?? []) {
      table = table.addUniqueConstraint(`${name}_${columns.join("_")}_key`, [...columns]);
    }
    if (spec.ownedByUser) {
      table = table.addForeignKeyConstraint(`${name}_userId_fkey`, ["userId"], tables.user, ["id"], (fk) =>
        fk.onDelete("cascade"),
      );
    }
    return dialect.tableOptions ? table.modifyEnd(sql.raw(dialect.tableOptions)) : table;
  });
}

/**
 * The CREATE INDEX statements of the schema's lookup indexes for a dialect that takes them (none
 * on MySQL), named after their table and columns.
 */
function createIndexes(db: AnyDb, dialect: SqlDialect, tables: TableNames) {
  if (!dialect.lookupIndexes) return [];
  return SCHEMA.flatMap((spec) => {
    const name = tables[spec.role];
    // Named after the table without any schema: PostgreSQL puts an index in its table's schema.
    const base = name.slice(name.lastIndexOf(".") + 1);
    return (spec.indexes ?? []).map((columns) =>
      db.schema
        .createIndex(`${base}_${columns.join("_")}_idx`)
        .ifNotExists()
        .on(name)
        .columns([...columns]),
    );
  });
}

/**
 * The integer type of the existing user table's `id` (`@auth/pg-adapter`'s `serial`), or
 * undefined: no such table, or ids of the type the schema gives them anyway. On MySQL the
 * catalog's full column type, since a foreign key must match `unsigned` too, which Kysely's
 * introspection leaves out (`int unsigned AUTO_INCREMENT`, MySQL's `serial`).
 */
async function userIdTypeOf(db: AnyDb, dialect: SqlDialect, tables: TableNames): Promise<string | undefined> {
  const table = findTable(await db.introspection.getTables(), tables.user);
  const type = table?.columns.find((column) => column.name === "id")?.dataType.toLowerCase();
  if (!isIntegerType(type)) return undefined;
  if (dialect !== dialectNamed("mysql")) return type;
  const { rows } = await sql<{ type: string }>`select column_type as type from information_schema.columns
    where table_schema = database() and table_name = ${tables.user} and column_name = 'id'`.execute(db);
  return rows[0]?.type ?? type;
}

/** The `addedLater` columns of `spec` that the table, as the catalog lists it now, lacks. */
async function missingColumns(db: AnyDb, spec: TableSpec, name: string): Promise<Column[]> {
  const table = findTable(await db.introspection.getTables(), name);
  if (!table) return [];
  const present = new Set(table.columns.map((column) => column.name));
  return spec.columns.filter(([column]) => spec.addedLater?.includes(column) && !present.has(column));
}

/**
 * Adds the columns that a table made by an earlier `migrate` (or by Auth.js) lacks. The catalog
 * decides, rather than a version number stored somewhere: the step is a no-op once the columns
 * exist, whoever added them. The columns are nullable, so existing rows and writers that leave
 * them out stay valid.
 */
async function addLaterColumns(db: AnyDb, dialect: SqlDialect, tables: TableNames): Promise<void> {
  for (const spec of SCHEMA) {
    if (!spec.addedLater) continue;
    const name = tables[spec.role];
    for (const [column, kind] of await missingColumns(db, spec, name)) {
      try {
        await db.schema.alterTable(name).addColumn(column, sql.raw(dialect.types[kind])).execute();
      } catch (error) {
        // Two processes migrating at once (several app instances starting together) both see
        // the column missing; the loser's ALTER fails on the duplicate, which is no failure.
        const stillMissing = await missingColumns(db, spec, name);
        if (stillMissing.some(([other]) => other === column)) throw error;
      }
    }
  }
}

/** Puts each column and constraint of a one-line CREATE TABLE on its own line. */
function pretty(statement: string): string {
  let depth = 0;
  let out = "";
  for (const char of statement) {
    if (char === "(" && depth++ === 0) out += "(\n  ";
    else if (char === ")" && --depth === 0) out += "\n)";
    else if (char === "," && depth === 1) out += ",\n ";
    else out += char;
  }
  return out;
}

/**
 * The DDL that {@link migrate} runs, as text: one CREATE TABLE IF NOT EXISTS statement per
 * table, for review or for a migration tool of your own.
 *
 * @param dialect `sqlite`, `postgres` or `mysql` (also for MariaDB).
 * @param options Custom table names.
 * @returns The statements, each ending with `;`, separated by blank lines.
 * @see WIRE.md "Database rows"
 * @example
 * ```ts
 * import { schemaSql } from "@portcullis/sql-adapter"
 *
 * console.log(schemaSql("postgres"))
 * ```
 */
export function schemaSql(dialect: DialectName, options?: SqlAdapterOptions): string {
  const db = offlineKysely(dialect);
  const tables = tableNames(options);
  const statements = [
    ...createTables(db, dialectNamed(dialect), tables),
    ...createIndexes(db, dialectNamed(dialect), tables),
  ];
  return `${statements.map((s) => `${pretty(s.compile().sql)};`).join("\n\n")}\n`;
}

/**
 * Creates the adapter's tables in the database, with their keys, unique constraints and
 * foreign keys (ON DELETE CASCADE to the user table). Row ids default to a random id made by
 * the database, so Auth.js's own Kysely adapter, which inserts accounts and sessions without
 * one, can write here too: moving back to Auth.js stays possible. Tables that exist already are
 * kept, with one upgrade: a session table without the nullable `createdAt`, `lastSeenAt`,
 * `userAgent`, `provider`, `idpSessionId` and `idToken` columns (made by an earlier version, or by
 * Auth.js) gets them, so session lists can show when and where each session began, and OpenID
 * Connect logout can find the sessions of a provider session. On SQLite and PostgreSQL it also
 * indexes the lookups the keys do not cover (`userId` of sessions and accounts, a session's
 * `provider` and `idpSessionId`); MySQL indexes foreign keys itself. Every step checks the catalog
 * first (or is `IF NOT EXISTS`), so running it again changes nothing.
 *
 * @param db A Kysely instance on SQLite, PostgreSQL or MySQL/MariaDB.
 * @param options Custom table names.
 * @throws {InvalidConfiguration} When the Kysely dialect is not supported.
 * @throws The database's error when a statement fails (e.g. missing privileges).
 * @example
 * ```ts
 * import { Kysely, SqliteDialect } from "kysely"
 * import Database from "better-sqlite3"
 * import { migrate } from "@portcullis/sql-adapter"
 *
 * await migrate(new Kysely({ dialect: new SqliteDialect({ database: new Database("auth.db") }) }))
 * ```
 */
export async function migrate<DB>(db: Kysely<DB>, options?: SqlAdapterOptions): Promise<void> {
  const any = db as unknown as AnyDb;
  const dialect = detectDialect(any);
  const tables = tableNames(options);
  const userIdType = await userIdTypeOf(any, dialect, tables);
  for (const statement of createTables(any, dialect, tables, userIdType)) await statement.execute();
  await addLaterColumns(any, dialect, tables);
  // After the columns: an index may cover one added later.
  for (const statement of createIndexes(any, dialect, tables)) {
    try {
      await statement.execute();
    } catch {
      // Two processes migrating at once can both find the index missing, and PostgreSQL then
      // fails the loser despite IF NOT EXISTS; once the winner's index exists, this succeeds.
      await statement.execute();
    }
  }
}
