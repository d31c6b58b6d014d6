/**
 * Database sessions kept in Redis while users and accounts stay in PostgreSQL: `strategy:
 * "database"` with `store: redisSessionStore(redis)` and `adapter: SqlAdapter(db)`, driven
 * through `Auth` over HTTP as a browser would. The SQL session table must stay empty; Redis holds
 * the sessions; an outage of Redis answers "no session" and a defined sign-in error, logged once.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import { redisSessionStore } from "@portcullis/redis";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import {
  type RunningDatabase,
  type RunningRedis,
  startPostgres,
  startRedis,
  TestClient,
} from "@portcullis/testkit";
import { Redis } from "ioredis";
import { Kysely, PostgresDialect, sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { browser, control, controlConfig, USERS, whoIs } from "../../core/test/sessions/helpers";

const COOKIE = "authjs.session-token";
let postgres: RunningDatabase;
let redisServer: RunningRedis;
// biome-ignore lint/suspicious/noExplicitAny: the tests read the adapter's tables by name.
let db: Kysely<any>;
const clients: Redis[] = [];

/** A connection that fails fast while Redis is down, as the package README advises. */
function connect(): Redis {
  const client = new Redis(redisServer.url, { maxRetriesPerRequest: 1, commandTimeout: 500 });
  client.on("error", () => {});
  clients.push(client);
  return client;
}

beforeAll(async () => {
  [postgres, redisServer] = await Promise.all([startPostgres(), startRedis()]);
  db = new Kysely({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: postgres.url }) }),
  });
  await migrate(db);
}, 90_000);
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await db?.destroy();
  await Promise.all([postgres?.stop(), redisServer?.stop()]);
});
beforeEach(async () => {
  await connect().flushdb();
  await sql`truncate "Session", "Account", "User" cascade`.execute(db);
  const adapter = SqlAdapter(db);
  for (const user of Object.values(USERS)) await adapter.createUser!({ ...user, emailVerified: null });
});

interface Logs {
  warnings: string[];
  errors: Error[];
}

/** One configuration: database sessions in Redis, users in PostgreSQL, every log kept. */
function app(logs: Logs = { warnings: [], errors: [] }): AuthConfig {
  return controlConfig({
    adapter: SqlAdapter(db),
    session: { strategy: "database", store: redisSessionStore(connect()) },
    logger: { error: (error) => logs.errors.push(error), warn: (code) => logs.warnings.push(code) },
  });
}

async function sqlSessionRows(): Promise<number> {
  const { rows } = await sql<{ n: string }>`select count(*) as n from "Session"`.execute(db);
  return Number(rows[0]!.n);
}

const inRedis = (client: TestClient) => connect().exists(`portcullis:session:${client.jar.get(COOKIE)}`);

describe("database sessions in Redis, users in PostgreSQL", () => {
  it("sign-in writes the session to Redis only; reads find it; sign-out removes it", async () => {
    const config = app();
    const laptop = await browser(config, "alice");
    expect(laptop.jar.get(COOKIE)).toMatch(/^[0-9a-f-]{36}$/);
    expect(await whoIs(laptop)).toBe("Alice");
    expect(await inRedis(laptop)).toBe(1);
    expect(await sqlSessionRows()).toBe(0);

    const key = `portcullis:session:${laptop.jar.get(COOKIE)}`;
    const csrfToken = await laptop.csrfToken();
    const out = await laptop.post("/auth/signout", { form: { csrfToken } });
    expect(out.status).toBe(302);
    expect(laptop.jar.get(COOKIE)).toBeUndefined();
    expect(await connect().exists(key)).toBe(0);
    expect(await connect().smembers("portcullis:user-sessions:u-alice")).toEqual([]);
  });

  it("a read extends the session in Redis once updateAge has passed", async () => {
    const config = app();
    config.session = { ...config.session, updateAge: 0 };
    const laptop = await browser(config, "alice");
    const key = `portcullis:session:${laptop.jar.get(COOKIE)}`;
    const before = Number(await connect().hget(key, "expires"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await whoIs(laptop)).toBe("Alice");
    expect(Number(await connect().hget(key, "expires"))).toBeGreaterThan(before);
  });

  it("session control lists and revokes the sessions in Redis", async () => {
    const config = app();
    const laptop = await browser(config, "alice", "Laptop/1.0");
    const phone = await browser(config, "alice", "Phone/2.0");
    const bob = await browser(config, "bob");
    const listed = (await (await phone.get("/auth/sessions")).json()) as { userAgent: string }[];
    expect(listed.map((s) => s.userAgent).sort()).toEqual(["Laptop/1.0", "Phone/2.0"]);
    expect(await (await control(phone, "revoke-all")).json()).toEqual({ revoked: 2 });
    expect([await whoIs(laptop), await whoIs(phone), await whoIs(bob)]).toEqual([null, null, "Bob"]);
    expect(await connect().keys("portcullis:session:*")).toEqual([
      `portcullis:session:${bob.jar.get(COOKIE)}`,
    ]);
    expect(await sqlSessionRows()).toBe(0);
  });

  it("a user deleted in PostgreSQL has no usable session: the read answers none and deletes it", async () => {
    const config = app();
    const laptop = await browser(config, "alice");
    const key = `portcullis:session:${laptop.jar.get(COOKIE)}`;
    expect(await connect().exists(key)).toBe(1);
    await SqlAdapter(db).deleteUser!("u-alice");
    expect(await whoIs(laptop)).toBeNull();
    expect(laptop.jar.get(COOKIE)).toBeUndefined();
    expect(await connect().exists(key)).toBe(0);
  });

  it("hostile session cookies answer 200 with no session, and nothing is written to Redis", async () => {
    const config = app();
    const cookies = [
      "",
      "*",
      "portcullis:session:*",
      "../../etc/passwd",
      "a".repeat(4000),
      "%00%0d%0aSET x y",
      "\u00e9\u00e8\u4e2d",
      "session:u-alice",
      "user-sessions:u-alice",
    ];
    for (const value of cookies) {
      const client = new TestClient((request) => Auth(request, config));
      client.jar.set(COOKIE, encodeURIComponent(value));
      const response = await client.get("/auth/session");
      expect(response.status, value).toBe(200);
      expect(await response.json(), value).toBeNull();
      expect((await client.get("/auth/sessions")).status, value).toBe(401);
    }
    expect(await connect().dbsize()).toBe(0);
  });
});

describe("while Redis is down", () => {
  it("reads answer 200 with no session and keep the cookie, session control answers 503, sign-ins go back to the form with SessionStoreUnavailable, one warning is logged; all recovers when Redis is back", async () => {
    const logs: Logs = { warnings: [], errors: [] };
    const config = app(logs);
    const laptop = await browser(config, "alice");
    const cookie = laptop.jar.get(COOKIE);
    await redisServer.halt();
    try {
      for (let i = 0; i < 3; i++) {
        const response = await laptop.get("/auth/session");
        expect(response.status).toBe(200);
        expect(await response.json()).toBeNull();
      }
      expect(laptop.jar.get(COOKIE)).toBe(cookie);
      for (let i = 0; i < 2; i++) {
        const listed = await laptop.get("/auth/sessions");
        expect(listed.status).toBe(503);
        expect(await listed.json()).toEqual({ message: "Sessions are unavailable right now." });
      }

      const visitor = new TestClient((request) => Auth(request, config));
      const csrfToken = await visitor.csrfToken();
      const attempt = await visitor.post("/auth/callback/credentials", {
        form: { csrfToken, username: "bob", password: "pw" },
      });
      expect(attempt.status).toBe(302);
      expect(attempt.headers.get("location")).toBe(
        "http://localhost:3000/auth/signin?error=SessionStoreUnavailable",
      );
      expect(visitor.jar.get(COOKIE)).toBeUndefined();
      // Signing in again over a session cookie first tries to delete the old session: still one log line.
      const again = await laptop.post("/auth/callback/credentials", {
        form: { csrfToken: await laptop.csrfToken(), username: "alice", password: "pw" },
      });
      expect(again.headers.get("location")).toMatch(/error=SessionStoreUnavailable$/);
      const page = await visitor.get("/auth/signin?error=SessionStoreUnavailable");
      expect(await page.text()).toContain("Sign-in is unavailable for a moment");

      expect(logs.warnings.filter((w) => w === "session-store-unavailable")).toHaveLength(1);
      expect(logs.errors).toEqual([]);
    } finally {
      await redisServer.resume();
    }
    await vi.waitFor(async () => expect(await whoIs(laptop)).toBe("Alice"), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await (await browser(config, "bob")).session()).toMatchObject({ user: { name: "Bob" } });
    expect(await sqlSessionRows()).toBe(0);
  });
});
