/**
 * Auth.js's own adapters plugged into Portcullis unchanged: `@auth/pg-adapter` on the test run's
 * real PostgreSQL and `@auth/drizzle-adapter` on drizzle-orm over real SQLite, each in the layout
 * Auth.js documents. A credentials sign-in with database sessions, a session read and a sign-out
 * go through `Auth` over HTTP.
 */

import { DrizzleAdapter } from "@auth/drizzle-adapter";
import PostgresAdapter from "@auth/pg-adapter";
import { Auth, type AuthConfig } from "@portcullis/core";
import type { Adapter } from "@portcullis/core/adapters";
import Credentials from "@portcullis/core/providers/credentials";
import OAuth from "@portcullis/core/providers/oauth";
import { SqlAdapter } from "@portcullis/sql-adapter";
import { startOpenIdProvider, TestClient, type TestOpenIdProvider } from "@portcullis/testkit";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { PG_ADAPTER_SCHEMA } from "./authjs-schema";
import { freshDatabase } from "./databases";

const NOW = Date.UTC(2026, 0, 1);
const DAY = 24 * 3600 * 1000;

/** A Portcullis config with database sessions on `adapter`, signing in the user `userId` by password. */
function portcullis(adapter: Adapter, userId: string): AuthConfig {
  return {
    secret: "test-secret-with-at-least-thirty-two-chars",
    trustHost: true,
    adapter,
    now: () => NOW,
    session: { strategy: "database" },
    providers: [
      Credentials({
        credentials: { password: { label: "Password", type: "password" } },
        authorize: async ({ password }) => (password === "wonderland" ? { id: userId } : null),
      }),
    ],
    callbacks: {
      // What Auth.js apps write with database sessions: the user's id onto the session, returned.
      session: (params) => {
        if ("user" in params) params.session.user.id = params.user.id;
        return params.session;
      },
    },
  };
}

let idp: TestOpenIdProvider;
beforeAll(async () => {
  idp = await startOpenIdProvider({
    clients: [
      {
        client_id: "authjs-adapter-app",
        client_secret: "authjs-adapter-secret",
        redirect_uris: ["http://localhost:3000/auth/callback/idp"],
      },
    ],
    // Not an address the credentials tests create, which would rightly refuse to link.
    accounts: [{ sub: "carol", email: "carol@example.test", email_verified: true, name: "Carol Example" }],
  });
});
afterAll(() => idp?.stop());

/**
 * Signs carol in with the OpenID Provider twice, on the real clock (the provider's tokens are
 * issued now): the first sign-in creates her user and account through `adapter`, the second finds
 * them. Answers the user id the session names, and checks the rows.
 */
async function signUpWithProvider(adapter: Adapter): Promise<string> {
  const cfg: AuthConfig = {
    ...portcullis(adapter, "unused"),
    now: undefined,
    providers: [
      OAuth({
        id: "idp",
        name: "Test IdP",
        type: "oidc",
        issuer: idp.issuer,
        clientId: "authjs-adapter-app",
        clientSecret: "authjs-adapter-secret",
      }),
    ],
  };
  const signIn = async () => {
    const c = new TestClient((request) => Auth(request, cfg));
    const started = await c.post("/auth/signin/idp", {
      form: { csrfToken: await c.csrfToken(), callbackUrl: "/" },
    });
    const outcome = await idp.authorize(started.headers.get("location")!);
    if (outcome.kind !== "redirect") throw new Error("expected a redirect back from the provider");
    expect((await c.get(outcome.url)).status).toBe(302);
    return (await c.session()) as { user: { id: unknown; email: string; name: string } };
  };
  const first = await signIn();
  expect(first.user).toMatchObject({ email: "carol@example.test", name: "Carol Example" });
  const userId = String(first.user.id);
  const account = await adapter.getUserByAccount!({ provider: "idp", providerAccountId: "carol" });
  expect(String(account?.id)).toBe(userId);
  expect(String((await signIn()).user.id)).toBe(userId);
  return userId;
}

/** Signs in, reads the session, signs out; checks the adapter's rows at each step. */
async function signInReadSignOut(adapter: Adapter, userId: string, email: string) {
  const cfg = portcullis(adapter, userId);
  const c = new TestClient((request) => Auth(request, cfg), undefined, cfg.now);
  const csrfToken = await c.csrfToken();
  const signedIn = await c.post("/auth/callback/credentials", {
    form: { csrfToken, password: "wonderland" },
  });
  expect(signedIn.status).toBe(302);
  const token = c.jar.get("authjs.session-token")!;
  expect(token).toMatch(/^[0-9a-f-]{36}$/);

  const stored = await adapter.getSessionAndUser!(token);
  expect(String(stored?.session.userId)).toBe(userId);
  expect(stored?.session.expires.getTime()).toBe(NOW + 30 * DAY);
  const body = (await c.session()) as {
    user: { id: unknown; email: string };
    userId: unknown;
    expires: string;
  };
  expect([String(body.user.id), body.user.email, String(body.userId)]).toEqual([userId, email, userId]);
  expect(body.expires).toBe(new Date(NOW + 30 * DAY).toISOString());
  expect(body).not.toHaveProperty("sessionToken");

  await c.post("/auth/signout", { form: { csrfToken: await c.csrfToken() } });
  expect(c.jar.get("authjs.session-token")).toBeUndefined();
  expect(await adapter.getSessionAndUser!(token)).toBeNull();
  expect(await c.session()).toBeNull();
}

describe("@auth/pg-adapter on PostgreSQL", () => {
  const database = freshDatabase(inject("postgresUrl"));
  let pool: pg.Pool;
  beforeAll(async () => {
    await database.create();
    pool = new pg.Pool({ connectionString: database.url });
    await pool.query(PG_ADAPTER_SCHEMA);
  });
  afterAll(async () => {
    await pool.end();
    await database.close();
  });

  test("a credentials sign-in with a database session, a session read and a sign-out work end to end", async () => {
    const adapter = PostgresAdapter(pool) as Adapter;
    const user = await adapter.createUser!({
      id: "ignored",
      email: "alice@example.test",
      emailVerified: null,
    });
    await signInReadSignOut(adapter, String(user.id), "alice@example.test");
  });

  test("an OpenID Connect sign-in creates the user and links the account; the next one finds them", async () => {
    const adapter = PostgresAdapter(pool) as Adapter;
    const userId = await signUpWithProvider(adapter);
    const rows = await pool.query(
      `select provider, "providerAccountId", id_token from accounts where "userId" = $1`,
      [Number(userId)],
    );
    expect(rows.rows).toEqual([
      { provider: "idp", providerAccountId: "carol", id_token: expect.any(String) },
    ]);
  });
});

describe("@auth/drizzle-adapter on SQLite", () => {
  const sqlite = new Database(":memory:");
  afterAll(() => sqlite.close());
  beforeAll(() => {
    // The SQLite schema @auth/drizzle-adapter documents: dates as epoch milliseconds in
    // integer columns, no Account.id or Session.id.
    sqlite.exec(`
      create table "user" (id text primary key not null, name text, email text unique,
        emailVerified integer, image text);
      create table account (userId text not null references "user"(id) on delete cascade,
        type text not null, provider text not null, providerAccountId text not null,
        refresh_token text, access_token text, expires_at integer, token_type text, scope text,
        id_token text, session_state text, primary key (provider, providerAccountId));
      create table session (sessionToken text primary key not null,
        userId text not null references "user"(id) on delete cascade, expires integer not null);
      create table verificationToken (identifier text not null, token text not null,
        expires integer not null, primary key (identifier, token));
      create table authenticator (credentialID text not null unique,
        userId text not null references "user"(id) on delete cascade,
        providerAccountId text not null, credentialPublicKey text not null,
        counter integer not null, credentialDeviceType text not null,
        credentialBackedUp integer not null, transports text,
        primary key (userId, credentialID));
    `);
  });
  const drizzleAdapter = () => DrizzleAdapter(drizzle(sqlite)) as Adapter;

  test("a credentials sign-in with a database session, a session read and a sign-out work end to end", async () => {
    const adapter = drizzleAdapter();
    const user = await adapter.createUser!({
      id: crypto.randomUUID(),
      email: "bob@example.test",
      emailVerified: null,
    });
    await signInReadSignOut(adapter, user.id, "bob@example.test");
  });

  test("an OpenID Connect sign-in creates the user and links the account; the next one finds them", async () => {
    const userId = await signUpWithProvider(drizzleAdapter());
    const accounts = sqlite
      .prepare("select provider, providerAccountId from account where userId = ?")
      .all(userId);
    expect(accounts).toEqual([{ provider: "idp", providerAccountId: "carol" }]);
  });

  test("SqlAdapter on the same database writes sessions that the Drizzle adapter reads back", async () => {
    const db = new Kysely({ dialect: new SqliteDialect({ database: sqlite }) });
    const tables = {
      user: "user",
      account: "account",
      session: "session",
      verificationToken: "verificationToken",
      authenticator: "authenticator",
    };
    const ours = SqlAdapter(db, { tables });
    const id = crypto.randomUUID();
    const user = await ours.createUser!({ id, email: `${id}@example.test`, emailVerified: new Date(NOW) });
    await signInReadSignOut(ours, user.id, user.email);
    await ours.createSession!({ sessionToken: id, userId: id, expires: new Date(NOW + DAY) });
    // Dates in Drizzle's integer columns: epoch milliseconds, which Drizzle turns back into Dates.
    const found = await drizzleAdapter().getSessionAndUser!(id);
    expect(found?.session.expires).toEqual(new Date(NOW + DAY));
    expect(found?.user.emailVerified).toEqual(new Date(NOW));
  });
});
