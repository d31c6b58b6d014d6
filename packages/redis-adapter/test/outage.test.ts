/**
 * The Redis adapter while Redis is down: every method fails fast with an AdapterError (bounded by
 * the client's commandTimeout, not hanging), Auth answers its defined error responses, and
 * everything works again once Redis is back, without a restart.
 */
import type { Adapter } from "@portcullis/core/adapters";
import { AdapterError } from "@portcullis/core/errors";
import { RedisAdapter } from "@portcullis/redis-adapter";
import { type RunningRedis, type SmtpSink, startRedis, startSmtpSink } from "@portcullis/testkit";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailApp, follow, mailedLink, ORIGIN, requestLink } from "./email-app";

let server: RunningRedis;
let sink: SmtpSink;
let client: Redis;
const COMMAND_TIMEOUT = 300;

beforeAll(async () => {
  [server, sink] = await Promise.all([startRedis(), startSmtpSink()]);
  // The options the README recommends: one retry, a bounded wait per command.
  client = new Redis(server.url, { maxRetriesPerRequest: 1, commandTimeout: COMMAND_TIMEOUT });
  client.on("error", () => {});
});
afterAll(async () => {
  client?.disconnect();
  await Promise.all([server?.stop(), sink?.stop()]);
});

const later = () => new Date(Date.now() + 3_600_000);
const authenticator = {
  credentialID: "c1",
  userId: "u1",
  providerAccountId: "c1",
  credentialPublicKey: "pk",
  counter: 0,
  credentialBackedUp: false,
  credentialDeviceType: "singleDevice",
};
const account = { userId: "u1", type: "oauth", provider: "github", providerAccountId: "1" } as const;

/** One call of every adapter method. */
const calls: [keyof Adapter, (db: Required<Adapter>) => unknown][] = [
  ["createUser", (db) => db.createUser({ id: "u2", email: "u2@example.test", emailVerified: null })],
  ["getUser", (db) => db.getUser("u1")],
  ["getUserByEmail", (db) => db.getUserByEmail("u1@example.test")],
  ["getUserByAccount", (db) => db.getUserByAccount(account)],
  ["updateUser", (db) => db.updateUser({ id: "u1", name: "Ada" })],
  ["deleteUser", (db) => db.deleteUser("u1")],
  ["linkAccount", (db) => db.linkAccount(account)],
  [
    "createUserWithAccount",
    (db) => db.createUserWithAccount({ id: "u3", email: "u3@example.test", emailVerified: null }, account),
  ],
  ["unlinkAccount", (db) => db.unlinkAccount(account)],
  ["getAccount", (db) => db.getAccount("1", "github")],
  ["createSession", (db) => db.createSession({ sessionToken: "s", userId: "u1", expires: later() })],
  ["getSessionAndUser", (db) => db.getSessionAndUser("s")],
  ["updateSession", (db) => db.updateSession({ sessionToken: "s", expires: later() })],
  ["deleteSession", (db) => db.deleteSession("s")],
  ["listSessionsByUser", (db) => db.listSessionsByUser("u1")],
  ["deleteSessionsByUser", (db) => db.deleteSessionsByUser("u1")],
  [
    "createVerificationToken",
    (db) => db.createVerificationToken({ identifier: "a", token: "t", expires: later() }),
  ],
  ["useVerificationToken", (db) => db.useVerificationToken({ identifier: "a", token: "t" })],
  ["createAuthenticator", (db) => db.createAuthenticator(authenticator)],
  ["getAuthenticator", (db) => db.getAuthenticator("c1")],
  ["listAuthenticatorsByUserId", (db) => db.listAuthenticatorsByUserId("u1")],
  ["updateAuthenticatorCounter", (db) => db.updateAuthenticatorCounter("c1", 1)],
];

/** Runs `body` with Redis down, and brings it back even when `body` fails. */
async function whileDown(body: () => Promise<void>): Promise<void> {
  await server.halt();
  try {
    await body();
  } finally {
    await server.resume();
  }
}

describe("RedisAdapter while Redis is down", () => {
  it("every method rejects with an AdapterError within the command timeout, and works again after", async () => {
    const db = RedisAdapter(client, { prefix: "outage:" }) as Required<Adapter>;
    await db.createUser({ id: "u1", email: "u1@example.test", emailVerified: null });
    await whileDown(async () => {
      for (const [method, call] of calls) {
        const started = performance.now();
        const failure = await Promise.resolve()
          .then(() => call(db))
          .then(
            () => new Error(`${method} resolved`),
            (error: unknown) => error,
          );
        const elapsed = performance.now() - started;
        expect(failure, method).toBeInstanceOf(AdapterError);
        expect((failure as Error).message, method).toContain(method);
        // The timeout, plus slack for a loaded machine; without a bound the call would wait
        // through ioredis's default 20 retries.
        expect(elapsed, method).toBeLessThan(COMMAND_TIMEOUT + 700);
      }
    });
    await vi.waitFor(async () => expect(await db.getUser("u1")).toMatchObject({ id: "u1" }), {
      timeout: 10_000,
      interval: 100,
    });
  });

  it("Auth answers defined responses: the session read is signed out for now, sign-in is an error page", async () => {
    const app = emailApp(client, sink);
    const browser = app.browser();
    await follow(browser, await mailedLink(browser, sink, "outage@example.test"));
    const cookie = browser.jar.get("authjs.session-token");
    expect(cookie).toBeDefined();

    await whileDown(async () => {
      const started = performance.now();
      // A session read that cannot reach Redis answers "no session" and keeps the cookie, so a
      // short outage does not sign anyone out.
      const session = await browser.get("/auth/session");
      expect(session.status).toBe(200);
      expect(await session.json()).toBeNull();
      expect(browser.jar.get("authjs.session-token")).toBe(cookie);
      // Asking for a link fails as any adapter failure does: Auth.js's Configuration error page.
      const signIn = await requestLink(app.browser(), "other@example.test");
      expect(signIn.status).toBe(302);
      expect(signIn.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
      expect(performance.now() - started).toBeLessThan(4 * (COMMAND_TIMEOUT + 700));
      expect(app.errors.map((error) => error.name)).toEqual(["SessionTokenError", "AdapterError"]);
    });

    await vi.waitFor(
      async () =>
        expect(((await browser.session()) as { user?: { email: string } } | null)?.user?.email).toBe(
          "outage@example.test",
        ),
      { timeout: 10_000, interval: 100 },
    );
  });
});
