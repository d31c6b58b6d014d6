/**
 * SqlAdapter on a database made for Auth.js (its Kysely adapter's layout: no Account.id or
 * Session.id, database-made user ids on PostgreSQL, no Authenticator table), on real SQLite and
 * on the test run's real PostgreSQL.
 */
import { runAdapterTests } from "@portcullis/adapter-testing";
import { SqlAdapter } from "@portcullis/sql-adapter";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { createAuthJsSchema } from "./authjs-schema";
import { freshDatabase, sqliteFile, type TestDatabase } from "./databases";
import { directReaders } from "./direct-readers";

const databases: [string, "sqlite" | "postgres", () => TestDatabase][] = [
  ["SQLite", "sqlite", sqliteFile],
  ["PostgreSQL", "postgres", () => freshDatabase(inject("postgresUrl"))],
];

for (const [name, dialect, open] of databases) {
  // The conformance suite covers passkeys too, so this database has Auth.js's passkey table.
  const database = open();
  runAdapterTests({
    name: `SqlAdapter on Auth.js's Kysely schema on ${name}`,
    adapter: SqlAdapter(database.db),
    db: {
      connect: async () => {
        await database.create();
        await createAuthJsSchema(database.db, dialect, { authenticator: true });
      },
      disconnect: database.close,
      ...directReaders(database.db),
    },
  });
}

describe.each(databases)("an Auth.js database without an Authenticator table on %s", (_, dialect, open) => {
  const database = open();
  const { db } = database;
  const adapter = SqlAdapter(db);
  beforeAll(async () => {
    await database.create();
    await createAuthJsSchema(db, dialect);
  });
  afterAll(() => database.close());

  test("deleteUser removes the user with their sessions and accounts", async () => {
    const id = crypto.randomUUID();
    await adapter.createUser!({ id, email: `${id}@example.test`, emailVerified: null });
    await adapter.createSession!({ sessionToken: id, userId: id, expires: new Date("2031-01-01T00:00:00Z") });
    await adapter.linkAccount!({ userId: id, type: "email", provider: "email", providerAccountId: id });

    await adapter.deleteUser!(id);

    expect(await db.selectFrom("User").selectAll().where("id", "=", id).execute()).toEqual([]);
    expect(await db.selectFrom("Session").selectAll().where("userId", "=", id).execute()).toEqual([]);
    expect(await db.selectFrom("Account").selectAll().where("userId", "=", id).execute()).toEqual([]);
  });

  test("rows are written in the columns the tables have, dates as Auth.js's adapter stores them", async () => {
    const id = crypto.randomUUID();
    const expires = new Date("2031-01-01T00:00:00.000Z");
    await adapter.createUser!({ id, email: `${id}@example.test`, emailVerified: expires });
    await adapter.createSession!({ sessionToken: id, userId: id, expires });
    const session = await db
      .selectFrom("Session")
      .selectAll()
      .where("sessionToken", "=", id)
      .executeTakeFirst();
    expect(Object.keys(session ?? {}).sort()).toEqual(["expires", "sessionToken", "userId"]);
    // SQLite: ISO text, which Auth.js's Kysely adapter reads back as a Date.
    expect(dialect === "sqlite" ? session?.expires : new Date(session?.expires)).toEqual(
      dialect === "sqlite" ? "2031-01-01T00:00:00.000Z" : expires,
    );
  });
});

describe("Prisma's SQLite layout from Auth.js's Prisma schema", () => {
  const database = sqliteFile();
  const { db } = database;
  const adapter = SqlAdapter(db);
  // What `prisma migrate` makes of the schema Auth.js documents: ids and `updatedAt` filled in by
  // Prisma's client (NOT NULL, no database default), no Account.id or Session.id, DATETIME dates.
  const DDL = [
    `create table "User" ("id" text not null primary key, "name" text, "email" text not null unique,
      "emailVerified" datetime, "image" text,
      "createdAt" datetime not null default current_timestamp, "updatedAt" datetime not null)`,
    `create table "Account" ("userId" text not null references "User" ("id") on delete cascade,
      "type" text not null, "provider" text not null, "providerAccountId" text not null,
      "refresh_token" text, "access_token" text, "expires_at" integer, "token_type" text,
      "scope" text, "id_token" text, "session_state" text,
      "createdAt" datetime not null default current_timestamp, "updatedAt" datetime not null,
      primary key ("provider", "providerAccountId"))`,
    `create table "Session" ("sessionToken" text not null unique,
      "userId" text not null references "User" ("id") on delete cascade, "expires" datetime not null,
      "createdAt" datetime not null default current_timestamp, "updatedAt" datetime not null)`,
    `create table "VerificationToken" ("identifier" text not null, "token" text not null,
      "expires" datetime not null, primary key ("identifier", "token"))`,
  ];
  beforeAll(async () => {
    for (const statement of DDL) await sql.raw(statement).execute(db);
  });
  afterAll(() => database.close());

  test("sign-in writes succeed and fill in the updatedAt that Prisma's client would", async () => {
    const id = crypto.randomUUID();
    const expires = new Date("2031-01-01T00:00:00.000Z");
    await adapter.createUser!({ id, email: `${id}@example.test`, emailVerified: null });
    await adapter.linkAccount!({ userId: id, type: "email", provider: "email", providerAccountId: id });
    await adapter.createSession!({ sessionToken: id, userId: id, expires });
    await adapter.updateUser!({ id, name: "Ada" });
    await adapter.updateSession!({ sessionToken: id, expires: new Date("2031-02-01T00:00:00.000Z") });

    const found = await adapter.getSessionAndUser!(id);
    expect(found?.session.expires).toEqual(new Date("2031-02-01T00:00:00.000Z"));
    expect(found?.user).toMatchObject({ id, name: "Ada" });
    const stamped = [
      await db.selectFrom("User").select("updatedAt").where("id", "=", id).executeTakeFirst(),
      await db.selectFrom("Account").select("updatedAt").where("userId", "=", id).executeTakeFirst(),
      await db.selectFrom("Session").select("updatedAt").where("sessionToken", "=", id).executeTakeFirst(),
    ];
    for (const row of stamped) expect(Number.isNaN(new Date(row?.updatedAt).getTime())).toBe(false);
  });

  test("a session's createdAt goes into the layout's own createdAt column; without one the database fills it", async () => {
    const id = crypto.randomUUID();
    const expires = new Date("2031-01-01T00:00:00.000Z");
    const createdAt = new Date("2026-03-04T05:06:07.000Z");
    await adapter.createUser!({ id, email: `${id}@example.test`, emailVerified: null });
    await adapter.createSession!({
      sessionToken: `given-${id}`,
      userId: id,
      expires,
      createdAt,
      userAgent: "UA",
    });
    await adapter.createSession!({ sessionToken: `default-${id}`, userId: id, expires });

    const listed = await adapter.listSessionsByUser!(id);
    const given = listed.find((s) => s.sessionToken === `given-${id}`);
    // The layout has no lastSeenAt or userAgent column: those details are dropped, not failed on.
    expect(given).toEqual({ sessionToken: `given-${id}`, userId: id, expires, createdAt });
    const defaulted = listed.find((s) => s.sessionToken === `default-${id}`);
    expect(defaulted?.createdAt).toBeInstanceOf(Date);
    expect(Number.isNaN(defaulted?.createdAt?.getTime())).toBe(false);
  });
});
