/**
 * `createVerificationToken` deletes the verification tokens whose `expires` has passed, in one
 * statement, on SQLite, PostgreSQL and MariaDB. Every anonymous `GET webauthn-options` stores a
 * challenge row; rows nobody used (and unclicked magic links) stayed in the table forever, one per
 * request. Now the table holds at most what was created within one token lifetime.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import type { Adapter } from "@portcullis/core/adapters";
import Passkey from "@portcullis/core/providers/passkey";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import { TestClient } from "@portcullis/testkit";
import Database from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, describe, expect, inject, it } from "vitest";
import { type AnyKysely, freshDatabase, sqliteFile, type TestDatabase } from "./databases";

const ORIGIN = "http://localhost:3000";
const MINUTE = 60_000;
const IDENTIFIER = "webauthn-challenge:passkey";

const opened: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
});

async function migrated(open: () => TestDatabase): Promise<AnyKysely> {
  const database = open();
  opened.push(database);
  await database.create();
  await migrate(database.db);
  return database.db;
}

async function tokens(db: AnyKysely): Promise<string[]> {
  const rows = await db.selectFrom("VerificationToken").select("token").orderBy("token").execute();
  return rows.map((row) => String(row.token));
}

const token = (name: string, expiresIn: number) => ({
  identifier: IDENTIFIER,
  token: name,
  expires: new Date(Date.now() + expiresIn),
});

const databases: [string, () => TestDatabase][] = [
  ["SQLite", sqliteFile],
  ["PostgreSQL", () => freshDatabase(inject("postgresUrl"))],
  ["MariaDB", () => freshDatabase(inject("mariadbUrl"))],
];

describe.each(databases)("SqlAdapter on %s: expired verification tokens", (_name, open) => {
  it("a new token deletes the expired ones and keeps the live ones", async () => {
    const db = await migrated(open);
    const adapter = SqlAdapter(db) as Required<Adapter>;
    // Created expired already, so their own creation deletes nothing.
    await adapter.createVerificationToken(token("expired-a-day-ago", -24 * 60 * MINUTE));
    await adapter.createVerificationToken(token("expired-just-now", -1000));
    await adapter.createVerificationToken(token("live-magic-link", 24 * 60 * MINUTE));
    expect(await tokens(db)).toEqual(["live-magic-link"]);

    await adapter.createVerificationToken(token("live-challenge", 15 * MINUTE));
    expect(await tokens(db)).toEqual(["live-challenge", "live-magic-link"]);
    expect(
      await adapter.useVerificationToken({ identifier: IDENTIFIER, token: "live-magic-link" }),
    ).toMatchObject({
      token: "live-magic-link",
    });
  });

  it("a token created expired by the adapter's clock deletes nothing (a caller on another clock)", async () => {
    const db = await migrated(open);
    const adapter = SqlAdapter(db) as Required<Adapter>;
    await adapter.createVerificationToken(token("earlier", -2 * MINUTE));
    await adapter.createVerificationToken(token("later", -MINUTE));
    expect(await tokens(db)).toEqual(["earlier", "later"]);
  });

  it("anonymous webauthn-options requests leave at most one token lifetime of rows", async () => {
    const db = await migrated(open);
    const config: AuthConfig = {
      secret: "test-secret-with-at-least-thirty-two-chars",
      trustHost: true,
      // Challenges live one second, so the test can outlive a lifetime.
      providers: [Passkey({ timeout: 1 })],
      adapter: SqlAdapter(db),
      experimental: { enableWebAuthn: true },
      logger: { warn: () => undefined },
    };
    const handler = (request: Request) => Auth(request, config);
    const anonymous = async () => {
      const response = await new TestClient(handler, ORIGIN).get(
        "/auth/webauthn-options/passkey?action=authenticate",
      );
      expect(response.status).toBe(200);
    };
    for (let i = 0; i < 20; i++) await anonymous();
    expect(await tokens(db)).toHaveLength(20);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await anonymous();
    expect(await tokens(db)).toHaveLength(1);
  });
});

describe("SqlAdapter on SQLite: dates other tools stored", () => {
  /** A Kysely on a file SQLite database, with the raw driver to store values as other tools do. */
  function sqlite() {
    const database = sqliteFile();
    opened.push(database);
    const raw = new Database(database.url);
    const db = database.db;
    return { db, raw, close: () => raw.close() };
  }

  it("compares ISO text, SQLite's `YYYY-MM-DD HH:MM:SS` text and epoch milliseconds as dates", async () => {
    const { db, raw, close } = sqlite();
    await migrate(db);
    const adapter = SqlAdapter(db) as Required<Adapter>;
    const at = (ms: number) => new Date(Date.now() + ms);
    const spaced = (date: Date) =>
      date
        .toISOString()
        .replace("T", " ")
        .replace(/\.\d+Z$/, "");
    const insert = raw.prepare(
      'insert into "VerificationToken" (identifier, token, expires) values (?, ?, ?)',
    );
    insert.run(IDENTIFIER, "iso-expired", at(-MINUTE).toISOString());
    insert.run(IDENTIFIER, "iso-live", at(MINUTE).toISOString());
    insert.run(IDENTIFIER, "spaced-expired", spaced(at(-2 * MINUTE)));
    // Live for another minute, on today's date (but in the day's last minute): compared as text
    // with now's ISO form it would go, as "2026-11-27 10:31:00" < "2026-11-27T10:30:00.000Z".
    insert.run(IDENTIFIER, "spaced-live", spaced(at(MINUTE)));
    // Epoch milliseconds in this text-typed column (as Prisma stores DateTime): not a date
    // julianday reads, so never deleted, live or not.
    insert.run(IDENTIFIER, "millis", at(-MINUTE).getTime());
    close();

    await adapter.createVerificationToken(token("new", 15 * MINUTE));
    expect(await tokens(db)).toEqual(["iso-live", "millis", "new", "spaced-live"]);
  });

  it("compares epoch milliseconds in an integer `expires` column (Drizzle's layout)", async () => {
    const database = sqliteFile();
    opened.push(database);
    const db = database.db;
    await migrate(db);
    await db.schema.dropTable("VerificationToken").execute();
    await sql`create table "VerificationToken" (identifier text not null, token text not null, expires integer not null, primary key (identifier, token))`.execute(
      db,
    );
    const adapter = SqlAdapter(db) as Required<Adapter>;
    await adapter.createVerificationToken(token("expired", -MINUTE));
    await adapter.createVerificationToken(token("live", MINUTE));
    await adapter.createVerificationToken(token("new", 15 * MINUTE));
    expect(await tokens(db)).toEqual(["live", "new"]);
    const stored = await db
      .selectFrom("VerificationToken")
      .select("expires")
      .where("token", "=", "live")
      .executeTakeFirst();
    expect(typeof stored?.expires).toBe("number");
  });
});
