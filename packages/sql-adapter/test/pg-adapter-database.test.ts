/**
 * SqlAdapter on a database that `@auth/pg-adapter` made and filled, as an app moving from Auth.js
 * has it: `serial` (integer) ids the database hands out. A returning Auth.js user signs in, and a
 * first sign-in creates a user with the id the database gives (the random id the core proposes
 * cannot go into an integer column). Then the same for each database, on a users table whose ids
 * the database numbers; and a SQLite integer id the database does not number takes the proposed id.
 */

import PostgresAdapter from "@auth/pg-adapter";
import { Auth, type AuthConfig } from "@portcullis/core";
import type { Adapter } from "@portcullis/core/adapters";
import OAuth from "@portcullis/core/providers/oauth";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import { startOpenIdProvider, TestClient, type TestOpenIdProvider } from "@portcullis/testkit";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { PG_ADAPTER_SCHEMA, PG_ADAPTER_TABLES } from "./authjs-schema";
import { freshDatabase, sqliteFile } from "./databases";

let idp: TestOpenIdProvider;
const database = freshDatabase(inject("postgresUrl"));
let pool: pg.Pool;

beforeAll(async () => {
  idp = await startOpenIdProvider({
    clients: [
      {
        client_id: "rt-app",
        client_secret: "rt-secret",
        redirect_uris: ["http://localhost:3000/auth/callback/idp"],
      },
    ],
    accounts: [
      { sub: "old-timer", email: "old@example.test", email_verified: true, name: "Old Timer" },
      { sub: "newcomer", email: "new@example.test", email_verified: true, name: "New Comer" },
    ],
  });
  await database.create();
  pool = new pg.Pool({ connectionString: database.url });
  await pool.query(PG_ADAPTER_SCHEMA);
  // What the Auth.js era left behind: a user and account written by @auth/pg-adapter itself.
  const authjs = PostgresAdapter(pool) as Adapter;
  const old = await authjs.createUser!({ id: "ignored", email: "old@example.test", emailVerified: null });
  await authjs.linkAccount!({
    userId: old.id,
    type: "oidc",
    provider: "idp",
    providerAccountId: "old-timer",
    expires_at: 1_900_000_000,
  });
}, 90_000);
afterAll(async () => {
  await pool?.end();
  await database.close();
  await idp?.stop();
});

function config(errors: unknown[]): AuthConfig {
  return {
    secret: "test-secret-with-at-least-thirty-two-chars",
    trustHost: true,
    adapter: SqlAdapter(database.db, { tables: PG_ADAPTER_TABLES }),
    session: { strategy: "database" },
    logger: { error: (error) => errors.push(error), warn: () => {}, debug: () => {} },
    providers: [
      OAuth({
        id: "idp",
        name: "Test IdP",
        type: "oidc",
        issuer: idp.issuer,
        clientId: "rt-app",
        clientSecret: "rt-secret",
      }),
    ],
  };
}

/** One OpenID Connect sign-in as `login`; answers where the callback sent the browser and the session. */
async function signIn(login: string, errors: unknown[]) {
  const cfg = config(errors);
  const c = new TestClient((request) => Auth(request, cfg));
  const started = await c.post("/auth/signin/idp", {
    form: { csrfToken: await c.csrfToken(), callbackUrl: "/" },
  });
  idp.nextLogin({ sub: login });
  const outcome = await idp.authorize(started.headers.get("location")!);
  if (outcome.kind !== "redirect") throw new Error("expected a redirect back from the provider");
  const callback = await c.get(outcome.url);
  return {
    location: callback.headers.get("location"),
    session: (await c.session()) as { user?: { email?: string } } | null,
  };
}

describe("SqlAdapter on a database made by @auth/pg-adapter", () => {
  test("a returning Auth.js user signs in", async () => {
    const errors: unknown[] = [];
    const { location, session } = await signIn("old-timer", errors);
    expect(location).toBe("http://localhost:3000/");
    expect(session?.user?.email).toBe("old@example.test");
  });

  test("a new user can sign up: the database fills in the serial id", async () => {
    const errors: unknown[] = [];
    const { location, session } = await signIn("newcomer", errors);
    expect(errors.map((e) => String((e as Error)?.cause ?? e))).toEqual([]);
    expect(location).toBe("http://localhost:3000/");
    expect(session?.user?.email).toBe("new@example.test");
    const { rows } = await pool.query(`select id from users where email = 'new@example.test'`);
    expect(rows).toHaveLength(1);
  });

  // Last: it changes the tables the tests above read.
  test("migrate adds the session columns, and a passkey table whose userId is an integer like the users' id", async () => {
    await migrate(database.db, { tables: PG_ADAPTER_TABLES });
    const columns = await pool.query(
      `select table_name, column_name, data_type from information_schema.columns
       where (table_name = 'sessions' and column_name in ('createdAt', 'lastSeenAt', 'userAgent'))
          or (table_name = 'Authenticator' and column_name = 'userId') order by table_name, column_name`,
    );
    expect(columns.rows.map((c) => `${c.table_name}.${c.column_name} ${c.data_type}`)).toEqual([
      "Authenticator.userId integer",
      "sessions.createdAt timestamp with time zone",
      "sessions.lastSeenAt timestamp with time zone",
      "sessions.userAgent text",
    ]);
    // Session control now works on this database: a session made here carries its details.
    const errors: unknown[] = [];
    await signIn("old-timer", errors);
    const { rows } = await pool.query(
      `select "userAgent", "createdAt" from sessions where "createdAt" is not null`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });
});

describe.each([
  ["SQLite", sqliteFile, "integer primary key autoincrement", "text"],
  ["PostgreSQL", () => freshDatabase(inject("postgresUrl")), "serial primary key", "text"],
  [
    "MariaDB",
    () => freshDatabase(inject("mariadbUrl")),
    "integer auto_increment primary key",
    "varchar(255)",
  ],
])("a users table whose ids %s numbers itself", (_name, open, idColumn, textColumn) => {
  const numbered = open();
  beforeAll(async () => {
    await numbered.create();
    const text = sql.raw(textColumn);
    await sql`create table users (id ${sql.raw(idColumn)}, name ${text}, email ${text}, ${sql.id("emailVerified")} ${text}, image ${text})`.execute(
      numbered.db,
    );
  }, 30_000);
  afterAll(() => numbered.close());

  test("createUser answers the id the database gave, and the user is found by it", async () => {
    const adapter = SqlAdapter(numbered.db, { tables: PG_ADAPTER_TABLES }) as Adapter;
    const first = await adapter.createUser!({
      id: crypto.randomUUID(),
      email: "a@example.test",
      emailVerified: null,
    });
    const second = await adapter.createUser!({
      id: crypto.randomUUID(),
      email: "b@example.test",
      emailVerified: null,
    });
    expect([String(first.id), String(second.id)]).toEqual(["1", "2"]);
    expect((await adapter.getUser!(String(second.id)))?.email).toBe("b@example.test");
  });
});

describe.each([["int primary key"], ["bigint primary key"]])(
  "a SQLite users table whose `id %s` the database does not number (no rowid alias)",
  (idColumn) => {
    const file = sqliteFile();
    beforeAll(async () => {
      const text = sql.raw("text");
      await sql`create table users (id ${sql.raw(idColumn)}, name ${text}, email ${text}, ${sql.id("emailVerified")} ${text}, image ${text})`.execute(
        file.db,
      );
    });
    afterAll(() => file.close());

    test("takes the proposed id, so each new user is found by it", async () => {
      const adapter = SqlAdapter(file.db, { tables: PG_ADAPTER_TABLES }) as Adapter;
      const id = crypto.randomUUID();
      expect((await adapter.createUser!({ id, email: "a@example.test", emailVerified: null })).id).toBe(id);
      expect((await adapter.getUser!(id))?.email).toBe("a@example.test");
    });
  },
);
