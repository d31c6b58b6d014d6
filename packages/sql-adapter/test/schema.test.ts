import { migrate, SqlAdapter, schemaSql } from "@portcullis/sql-adapter";
import Database from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { type AnyKysely, freshDatabase, sqliteFile, type TestDatabase } from "./databases";

/** The nullable session columns Portcullis adds to Auth.js's layout, for session lists and OIDC logout. */
const SESSION_DETAILS = ["createdAt", "lastSeenAt", "userAgent", "provider", "idpSessionId", "idToken"];

/**
 * The tables and columns of Auth.js's SQL adapters, in their order, with the session details
 * after the session's own columns.
 */
const AUTH_JS_TABLES = {
  User: ["id", "name", "email", "emailVerified", "image"],
  Account: [
    "id",
    "userId",
    "type",
    "provider",
    "providerAccountId",
    "refresh_token",
    "access_token",
    "expires_at",
    "token_type",
    "scope",
    "id_token",
    "session_state",
  ],
  Session: ["id", "sessionToken", "userId", "expires", ...SESSION_DETAILS],
  VerificationToken: ["identifier", "token", "expires"],
  Authenticator: [
    "credentialID",
    "userId",
    "providerAccountId",
    "credentialPublicKey",
    "counter",
    "credentialDeviceType",
    "credentialBackedUp",
    "transports",
  ],
};

/** Every table of the database with its columns, as Kysely's introspection sees them. */
async function tablesOf(db: AnyKysely): Promise<Record<string, string[]>> {
  const tables = await db.introspection.getTables();
  return Object.fromEntries(tables.map((table) => [table.name, table.columns.map((column) => column.name)]));
}

const databases: [string, () => TestDatabase][] = [
  ["SQLite", sqliteFile],
  ["PostgreSQL", () => freshDatabase(inject("postgresUrl"))],
  ["MariaDB", () => freshDatabase(inject("mariadbUrl"))],
];

/** The lookups the keys do not cover, which migrate indexes: table and the columns compared. */
const LOOKUPS: [table: string, columns: string[]][] = [
  ["Session", ["userId"]],
  ["Account", ["userId"]],
  ["Session", ["provider", "idpSessionId"]],
  // The sweep of expired tokens that each new one runs: a range, `expires` before now.
  ["VerificationToken", ["expires"]],
];

/**
 * Whether the database would answer a lookup by these columns through an index: SQLite's and
 * PostgreSQL's plans (sequential scans priced out on PostgreSQL, so that any usable index is
 * taken even on an empty table), MariaDB's candidate keys.
 */
async function lookupUsesIndex(db: AnyKysely, dialect: string, table: string, columns: string[]) {
  const where = sql.join(
    columns.map((column) =>
      column === "expires" ? sql`${sql.ref(column)} < '2030-01-01'` : sql`${sql.ref(column)} = 'x'`,
    ),
    sql` and `,
  );
  const query = sql`select * from ${sql.table(table)} where ${where}`;
  if (dialect === "SQLite") {
    const { rows } = await sql<{ detail: string }>`explain query plan ${query}`.execute(db);
    return rows.some((row) => row.detail.includes("INDEX"));
  }
  if (dialect === "PostgreSQL") {
    return db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ "QUERY PLAN": string }>`explain ${query}`.execute(trx);
      return rows.some((row) => row["QUERY PLAN"].includes("Index"));
    });
  }
  const { rows } = await sql<{ possible_keys: string | null }>`explain ${query}`.execute(db);
  return rows.some((row) => row.possible_keys !== null);
}

describe.each(databases)("migrate on %s", (dialect, open) => {
  const database = open();
  const { db } = database;
  beforeAll(async () => {
    await database.create();
    await migrate(db);
  });
  afterAll(() => database.close());

  test("creates exactly the Auth.js tables with their columns in order, and the session details", async () => {
    expect(await tablesOf(db)).toEqual(AUTH_JS_TABLES);
  });

  test("running it again changes nothing", async () => {
    await migrate(db);
    expect(await tablesOf(db)).toEqual(AUTH_JS_TABLES);
  });

  test.each(LOOKUPS)("answers a lookup of %s by %s through an index", async (table, columns) => {
    // MySQL indexes TEXT columns only by a prefix, so migrate makes no lookup index there (see
    // lookupIndexes), leaving the provider session's lookup and the token sweep unindexed;
    // InnoDB indexes the userId foreign keys itself.
    const expected = dialect !== "MariaDB" || columns[0] === "userId";
    expect(await lookupUsesIndex(db, dialect, table, columns)).toBe(expected);
  });

  test("deleting a user row cascades to the user's sessions, accounts and authenticators", async () => {
    const adapter = SqlAdapter(db);
    const id = crypto.randomUUID();
    await adapter.createUser!({ id, email: `${id}@example.test`, emailVerified: null });
    await adapter.createSession!({ sessionToken: id, userId: id, expires: new Date("2031-01-01T00:00:00Z") });
    await adapter.linkAccount!({ userId: id, type: "email", provider: "email", providerAccountId: id });
    await adapter.createAuthenticator!({
      credentialID: id,
      userId: id,
      providerAccountId: id,
      credentialPublicKey: "key",
      counter: 0,
      credentialDeviceType: "singleDevice",
      credentialBackedUp: false,
    });
    await db.deleteFrom("User").where("id", "=", id).execute();
    for (const table of ["Session", "Account", "Authenticator"]) {
      const rows = await db.selectFrom(table).selectAll().where("userId", "=", id).execute();
      expect(rows, table).toEqual([]);
    }
  });
});

describe.each(databases)("migrate on a database made by an earlier version on %s", (dialect, open) => {
  const database = open();
  const { db } = database;
  const EXPIRES = new Date("2031-01-01T00:00:00.000Z");
  const STARTED = new Date("2026-03-04T05:06:07.000Z");

  /**
   * Migrates, then takes the lookup indexes and session details away again: the tables an earlier
   * `migrate` made.
   */
  async function earlierSchema() {
    await migrate(db);
    if (dialect !== "MariaDB") {
      for (const index of [
        "Session_userId_idx",
        "Session_provider_idpSessionId_idx",
        "Account_userId_idx",
        "VerificationToken_expires_idx",
      ])
        await db.schema.dropIndex(index).ifExists().execute();
    }
    for (const column of SESSION_DETAILS) await db.schema.alterTable("Session").dropColumn(column).execute();
  }

  beforeAll(() => database.create());
  afterAll(() => database.close());

  test("adds the session details, keeps existing sessions, and the adapter then stores the details", async () => {
    await earlierSchema();
    const before = SqlAdapter(db);
    const id = crypto.randomUUID();
    await before.createUser!({ id, email: `${id}@example.test`, emailVerified: null });
    await before.createSession!({ sessionToken: `old-${id}`, userId: id, expires: EXPIRES });

    await migrate(db);

    expect(await tablesOf(db)).toEqual(AUTH_JS_TABLES);
    const after = SqlAdapter(db);
    expect((await after.getSessionAndUser!(`old-${id}`))?.session).toEqual({
      sessionToken: `old-${id}`,
      userId: id,
      expires: EXPIRES,
    });
    const detailed = {
      sessionToken: `new-${id}`,
      userId: id,
      expires: EXPIRES,
      createdAt: STARTED,
      lastSeenAt: STARTED,
      userAgent: "Mozilla/5.0 (upgrade test)",
      provider: "idp",
      idpSessionId: "idp-session-1",
      idToken: "header.payload.signature",
    };
    await after.createSession!(detailed);
    expect((await after.getSessionAndUser!(detailed.sessionToken))?.session).toEqual(detailed);
  });

  test.each(LOOKUPS)("indexes the lookup of %s by %s as a new database has it", async (table, columns) => {
    await earlierSchema();
    await migrate(db);
    const expected = dialect !== "MariaDB" || columns[0] === "userId";
    expect(await lookupUsesIndex(db, dialect, table, columns)).toBe(expected);
  });

  test("running it again after the upgrade changes nothing", async () => {
    await migrate(db);
    await migrate(db);
    expect(await tablesOf(db)).toEqual(AUTH_JS_TABLES);
  });

  test("two upgrades running at once both succeed, as when several app instances start together", async () => {
    await earlierSchema();
    await Promise.all([migrate(db), migrate(db), migrate(db)]);
    expect(await tablesOf(db)).toEqual(AUTH_JS_TABLES);
  });
});

describe("schemaSql", () => {
  test("the SQLite DDL creates the same tables as migrate", async () => {
    const database = sqliteFile();
    try {
      const connection = new Database(database.url);
      connection.exec(schemaSql("sqlite"));
      connection.close();
      expect(await tablesOf(database.db)).toEqual(AUTH_JS_TABLES);
    } finally {
      await database.close();
    }
  });

  test("the PostgreSQL DDL creates the same tables as migrate", async () => {
    const database = freshDatabase(inject("postgresUrl"));
    try {
      await database.create();
      await sql.raw(schemaSql("postgres")).execute(database.db);
      expect(await tablesOf(database.db)).toEqual(AUTH_JS_TABLES);
    } finally {
      await database.close();
    }
  });

  test("custom table names replace the defaults, foreign keys included", () => {
    const ddl = schemaSql("postgres", { tables: { user: "auth_users", session: "auth_sessions" } });
    expect(ddl).toContain('create table if not exists "auth_users"');
    expect(ddl).toContain('create table if not exists "auth_sessions"');
    expect(ddl).toContain('references "auth_users" ("id") on delete cascade');
    expect(ddl).toContain('create index if not exists "auth_sessions_userId_idx" on "auth_sessions"');
    expect(ddl).not.toContain('"User"');
    expect(ddl).not.toContain('"Session"');
  });

  test("MySQL tables use a binary collation so token and email lookups are exact", () => {
    const statements = schemaSql("mysql").trim().split(/;\n\n/);
    expect(statements).toHaveLength(5);
    for (const statement of statements) expect(statement).toMatch(/collate utf8mb4_bin;?$/);
  });
});
