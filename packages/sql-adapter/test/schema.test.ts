import { migrate, SqlAdapter, schemaSql } from "@portcullis/sql-adapter";
import Database from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { type AnyKysely, freshDatabase, sqliteFile, type TestDatabase } from "./databases";

/** The tables and columns of WIRE.md "Database rows", as Auth.js's SQL adapters name them. */
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
  Session: ["id", "sessionToken", "userId", "expires"],
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

describe.each(databases)("migrate on %s", (_, open) => {
  const database = open();
  const { db } = database;
  beforeAll(async () => {
    await database.create();
    await migrate(db);
  });
  afterAll(() => database.close());

  test("creates exactly the Auth.js tables with their columns in order", async () => {
    expect(await tablesOf(db)).toEqual(AUTH_JS_TABLES);
  });

  test("running it again changes nothing", async () => {
    await migrate(db);
    expect(await tablesOf(db)).toEqual(AUTH_JS_TABLES);
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
    expect(ddl).not.toContain('"User"');
    expect(ddl).not.toContain('"Session"');
  });

  test("MySQL tables use a binary collation so token and email lookups are exact", () => {
    const statements = schemaSql("mysql").trim().split(/;\n\n/);
    expect(statements).toHaveLength(5);
    for (const statement of statements) expect(statement).toMatch(/collate utf8mb4_bin;?$/);
  });
});
