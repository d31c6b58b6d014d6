/**
 * Linking a new OAuth account to the signed-in user only while that user's sign-in is recent
 * (`linking.maxSessionAge`): a session cookie planted in the victim's browser (a sibling
 * subdomain can set a `__Secure-` cookie) must not attach the victim's next sign-in to the
 * planter's user. Runs against the real OpenID Provider; rows are read back from the adapter.
 */
import { type Adapter, type AuthConfig, memorySessionStore } from "@portcullis/core";
import { encode } from "@portcullis/core/jwt";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import type { TestClient, TestOpenIdProvider } from "@portcullis/testkit";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALICE,
  BOB,
  browser,
  location,
  MALLORY,
  oauthConfig,
  oidcProvider,
  owner,
  SECRET,
  sessionOf,
  signInThrough,
  startIdp,
} from "./helpers";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const SESSION_COOKIE = "authjs.session-token";

let idp: TestOpenIdProvider;
beforeAll(async () => {
  idp = await startIdp({ ids: ["idp", "other"], accounts: [ALICE, BOB, MALLORY] });
});
afterAll(() => idp.stop());

/**
 * Two providers at the IdP and a clock the test moves. The clock starts at the real time (or
 * `startedAgo` ms before it): the IdP's ID tokens carry real `iat`/`exp`, and ten minutes ahead
 * of the real time is well inside their lifetime.
 */
function setup(adapter: Adapter, overrides: Partial<AuthConfig> = {}, startedAgo = 0) {
  let now = Date.now() - startedAgo;
  const config = oauthConfig([oidcProvider(idp), oidcProvider(idp, { id: "other" })], {
    adapter,
    now: () => now,
    ...overrides,
  });
  const advance = (ms: number) => {
    now += ms;
  };
  return { config, advance };
}

async function sqliteAdapter(): Promise<{ adapter: Adapter; close: () => Promise<void> }> {
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(":memory:") }) });
  await migrate(db);
  return { adapter: SqlAdapter(db), close: () => db.destroy() };
}

/** A victim's browser carrying the attacker's session cookie, as a sibling subdomain would plant it. */
function victimWithPlantedCookie(config: AuthConfig, attacker: TestClient): TestClient {
  const victim = browser(config);
  victim.jar.set(SESSION_COOKIE, attacker.jar.get(SESSION_COOKIE)!);
  return victim;
}

describe("a planted session cookie", () => {
  it("does not link the victim's new account to the planter's user once the planted session's sign-in is older than linking.maxSessionAge (database sessions)", async () => {
    const adapter = MemoryAdapter();
    const { config, advance } = setup(adapter);
    const attacker = browser(config);
    await signInThrough(attacker, idp, { sub: "mallory" });
    const mallory = await owner(adapter, "idp", "mallory");
    advance(11 * MINUTE);
    const victim = victimWithPlantedCookie(config, attacker);
    const response = await signInThrough(victim, idp, { id: "other", sub: "bob" });
    expect(location(response).href).toBe("http://localhost:3000/auth/signin?error=OAuthAccountNotLinked");
    expect(await owner(adapter, "other", "bob")).toBeNull();
    expect(await adapter.getUserByEmail!(BOB.email!)).toBeNull();
    expect((await sessionOf(attacker))?.user?.email).toBe(mallory!.email);
    const logged = config.recorded.errors.map((e) => (e as { type?: string }).type);
    expect(logged).toEqual(["OAuthAccountNotLinked"]);
    expect(config.recorded.errors[0]!.message).toContain("linking.maxSessionAge");
    expect(config.recorded.errors[0]!.message).not.toContain(attacker.jar.get(SESSION_COOKIE)!);
  });

  it("does not link the victim's new account to the planter's user once the planted session's sign-in is older than linking.maxSessionAge (JWT sessions, SQLite)", async () => {
    const { adapter, close } = await sqliteAdapter();
    try {
      const { config, advance } = setup(adapter, { session: { strategy: "jwt" } });
      const attacker = browser(config);
      await signInThrough(attacker, idp, { sub: "mallory" });
      advance(5 * MINUTE);
      // Reading the session re-encodes the JWT with a new `iat`: that must not count as a sign-in.
      expect((await sessionOf(attacker))?.user?.email).toBe(MALLORY.email);
      advance(6 * MINUTE);
      const victim = victimWithPlantedCookie(config, attacker);
      const response = await signInThrough(victim, idp, { id: "other", sub: "bob" });
      expect(location(response).href).toBe("http://localhost:3000/auth/signin?error=OAuthAccountNotLinked");
      expect(await owner(adapter, "other", "bob")).toBeNull();
    } finally {
      await close();
    }
  });

  it("does not link into a JWT session without a sign-in time (made by Auth.js), however new", async () => {
    const adapter = MemoryAdapter();
    const { config } = setup(adapter, { session: { strategy: "jwt" } });
    const attacker = browser(config);
    await signInThrough(attacker, idp, { sub: "mallory" });
    const mallory = await owner(adapter, "idp", "mallory");
    // What Auth.js writes: the default claims, no auth_time.
    const authJsToken = await encode({
      token: { name: mallory!.name, email: mallory!.email, sub: mallory!.id },
      secret: SECRET,
      salt: SESSION_COOKIE,
    });
    const victim = browser(config);
    victim.jar.set(SESSION_COOKIE, authJsToken);
    const response = await signInThrough(victim, idp, { id: "other", sub: "bob" });
    expect(location(response).href).toBe("http://localhost:3000/auth/signin?error=OAuthAccountNotLinked");
    expect(await owner(adapter, "other", "bob")).toBeNull();
  });
});

describe("a planted database session cookie, extended after its sign-in", () => {
  it("does not link the victim's new account to the planter's user after a read extended the planted session, days after its sign-in", async () => {
    const adapter = MemoryAdapter();
    const { config, advance } = setup(adapter, {}, 2 * DAY);
    const attacker = browser(config);
    await signInThrough(attacker, idp, { sub: "mallory" });
    advance(2 * DAY);
    const victim = victimWithPlantedCookie(config, attacker);
    // The victim's page load reads the session (past updateAge: the row is extended).
    expect((await sessionOf(victim))?.user?.email).toBe(MALLORY.email);
    advance(MINUTE);
    const response = await signInThrough(victim, idp, { id: "other", sub: "bob" });
    expect(location(response).href).toBe("http://localhost:3000/auth/signin?error=OAuthAccountNotLinked");
    expect(await owner(adapter, "other", "bob")).toBeNull();
    expect(config.recorded.errors.map((e) => e.message)).toEqual([
      expect.stringContaining("linking.maxSessionAge"),
    ]);
  });

  it("does not link the victim's new account to the planter's user after the planter updated the session (POST /session) past linking.maxSessionAge", async () => {
    const adapter = MemoryAdapter();
    const { config, advance } = setup(adapter);
    const attacker = browser(config);
    await signInThrough(attacker, idp, { sub: "mallory" });
    advance(11 * MINUTE);
    const csrfToken = await attacker.csrfToken();
    expect((await attacker.post("/auth/session", { json: { csrfToken, data: {} } })).status).toBe(200);
    const victim = victimWithPlantedCookie(config, attacker);
    const response = await signInThrough(victim, idp, { id: "other", sub: "bob" });
    expect(location(response).href).toBe("http://localhost:3000/auth/signin?error=OAuthAccountNotLinked");
    expect(await owner(adapter, "other", "bob")).toBeNull();
  });
});

describe("a database session whose sign-in time is unknown", () => {
  /** An adapter without session listing: it is given only what Auth.js sends, no createdAt. */
  function authjsLikeAdapter() {
    const { listSessionsByUser: _l, deleteSessionsByUser: _d, ...adapter } = MemoryAdapter();
    return adapter;
  }

  it("is never linked to when its rows have no createdAt (as most Auth.js adapters'), and the log says what to do, the warning once", async () => {
    const adapter = authjsLikeAdapter();
    const warnings: string[] = [];
    const { config } = setup(adapter);
    config.logger = { ...config.logger, warn: (code) => void warnings.push(code) };
    const client = browser(config);
    await signInThrough(client, idp);
    expect(warnings).not.toContain("linking-without-session-created-at");
    const response = await signInThrough(client, idp, { id: "other", sub: "bob" });
    expect(location(response).href).toBe("http://localhost:3000/auth/signin?error=OAuthAccountNotLinked");
    expect(await owner(adapter, "other", "bob")).toBeNull();
    expect((await sessionOf(client))?.user?.email).toBe(ALICE.email);
    expect(config.recorded.errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/sign-in time is unknown.*createdAt.*adapter that keeps it.*session\.store/),
    ]);
    await signInThrough(client, idp, { id: "other", sub: "bob" });
    expect(warnings.filter((code) => code === "linking-without-session-created-at")).toHaveLength(1);
  });

  it("is linked to, with no warning, when the database fills createdAt itself (Auth.js's Prisma schema)", async () => {
    const adapter = authjsLikeAdapter();
    const createSession = adapter.createSession!;
    // What `createdAt DateTime @default(now())` does: the row gets the time the database wrote it.
    adapter.createSession = (session) =>
      createSession({ ...session, createdAt: new Date(now()) } as typeof session);
    const warnings: string[] = [];
    const { config, advance } = setup(adapter);
    const now = config.now as () => number;
    config.logger = { ...config.logger, warn: (code) => void warnings.push(code) };
    const client = browser(config);
    await signInThrough(client, idp);
    advance(MINUTE);
    await signInThrough(client, idp, { id: "other", sub: "bob" });
    const alice = await adapter.getUserByEmail!(ALICE.email!);
    expect((await owner(adapter, "other", "bob"))?.id).toBe(alice?.id);
    expect(warnings).not.toContain("linking-without-session-created-at");
  });
});

describe("a JWT session signed out a moment ago (session store)", () => {
  it("does not link a new account to its user through a copy of its cookie", async () => {
    const adapter = MemoryAdapter();
    const { config } = setup(adapter, { session: { strategy: "jwt", store: memorySessionStore() } });
    const victim = browser(config);
    await signInThrough(victim, idp);
    const thief = browser(config);
    thief.jar.set(SESSION_COOKIE, victim.jar.get(SESSION_COOKIE)!);
    await victim.post("/auth/signout", { form: { csrfToken: await victim.csrfToken() } });
    // Well within linking.maxSessionAge and revalidateAfter: only the store knows it ended.
    await signInThrough(thief, idp, { id: "other", sub: "mallory" });
    // The thief's account went to a new user of its own, not to Alice.
    expect((await owner(adapter, "other", "mallory"))?.email).toBe(MALLORY.email);
    expect((await sessionOf(thief))?.user?.email).toBe(MALLORY.email);
  });
});

describe("linking.maxSessionAge", () => {
  it("links a second provider to a user who signed in within the window", async () => {
    const adapter = MemoryAdapter();
    const { config, advance } = setup(adapter);
    const client = browser(config);
    await signInThrough(client, idp);
    const alice = await adapter.getUserByEmail!(ALICE.email!);
    advance(9 * MINUTE);
    expect(location(await signInThrough(client, idp, { id: "other", sub: "bob" })).pathname).toBe(
      "/dashboard",
    );
    expect((await owner(adapter, "other", "bob"))?.id).toBe(alice!.id);
    expect((await sessionOf(client))?.user?.email).toBe(ALICE.email);
  });

  it("takes a longer window from the configuration", async () => {
    const adapter = MemoryAdapter();
    const { config, advance } = setup(adapter, {
      session: { strategy: "jwt" },
      linking: { maxSessionAge: 3600 },
    });
    const client = browser(config);
    await signInThrough(client, idp);
    const alice = await adapter.getUserByEmail!(ALICE.email!);
    advance(30 * MINUTE);
    await signInThrough(client, idp, { id: "other", sub: "bob" });
    expect((await owner(adapter, "other", "bob"))?.id).toBe(alice!.id);
  });

  it("refuses every link by session when set to 0, and keeps the user signed in", async () => {
    const adapter = MemoryAdapter();
    const { config } = setup(adapter, { linking: { maxSessionAge: 0 } });
    const client = browser(config);
    await signInThrough(client, idp);
    const response = await signInThrough(client, idp, { id: "other", sub: "bob" });
    expect(location(response).href).toBe("http://localhost:3000/auth/signin?error=OAuthAccountNotLinked");
    expect(await owner(adapter, "other", "bob")).toBeNull();
    expect((await sessionOf(client))?.user?.email).toBe(ALICE.email);
  });

  it("lets a user whose session is too old link after signing in again", async () => {
    const adapter = MemoryAdapter();
    const { config, advance } = setup(adapter);
    const client = browser(config);
    await signInThrough(client, idp);
    advance(11 * MINUTE);
    await signInThrough(client, idp, { id: "other", sub: "bob" });
    expect(await owner(adapter, "other", "bob")).toBeNull();
    await signInThrough(client, idp);
    await signInThrough(client, idp, { id: "other", sub: "bob" });
    expect((await owner(adapter, "other", "bob"))?.email).toBe(ALICE.email);
  });
});
