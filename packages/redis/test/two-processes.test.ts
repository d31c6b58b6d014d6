/**
 * Revocable JWT sessions shared through Redis by two "processes": two separate configurations,
 * each with its own Redis connection, as two servers behind a load balancer would have. A browser
 * signs in through one; revoking through the other signs it out on its next read. Then Redis goes
 * down and comes back.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { redisRateLimitStore, redisSessionStore } from "@portcullis/redis";
import { type RunningRedis, startRedis, TestClient } from "@portcullis/testkit";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { browser, control, controlConfig, listOf, whoIs } from "../../core/test/sessions/helpers";

const COOKIE = "authjs.session-token";
let server: RunningRedis;
const clients: Redis[] = [];

/**
 * A connection that fails fast when Redis is down, as the package README advises: one retry, and
 * half a second at most per command. Errors are reported to `onError` rather than printed.
 */
function connect(onError: (error: Error) => void = () => {}): Redis {
  const client = new Redis(server.url, { maxRetriesPerRequest: 1, commandTimeout: 500 });
  client.on("error", onError);
  clients.push(client);
  return client;
}

/**
 * One "process": its own connection and its own configuration object; a check on every read.
 * Errors go to `logged`, warning codes to `warned`.
 */
function instance(
  logged: unknown[] = [],
  warned: string[] = [],
  session: Partial<AuthConfig["session"]> = {},
): AuthConfig {
  return controlConfig({
    session: { strategy: "jwt", store: redisSessionStore(connect()), revalidateAfter: 0, ...session },
    logger: { error: (error: unknown) => logged.push(error), warn: (code) => warned.push(code) },
  });
}

/** The same browser (its session cookie) sending its requests to another process. */
function via(config: AuthConfig, browser: TestClient): TestClient {
  const moved = new TestClient((request) => Auth(request, config));
  moved.jar.set(COOKIE, browser.jar.get(COOKIE)!);
  return moved;
}

beforeAll(async () => {
  server = await startRedis();
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await server?.stop();
});
beforeEach(async () => {
  await connect().flushdb();
});

describe("JWT sessions in Redis, shared by two processes", () => {
  it("a session made by one process is listed by the other", async () => {
    const [one, two] = [instance(), instance()];
    await browser(one, "alice", "Laptop/1.0");
    const phone = await browser(one, "alice", "Phone/2.0");
    const sessions = await listOf(via(two, phone));
    expect(sessions.map((s) => [s.userAgent, s.current]).sort()).toEqual([
      ["Laptop/1.0", false],
      ["Phone/2.0", true],
    ]);
  });

  it("revoke-others through one process signs the other browser out on its next read through the other", async () => {
    const [one, two] = [instance(), instance()];
    const laptop = await browser(one, "alice");
    const phone = await browser(one, "alice");
    const bob = await browser(one, "bob");
    expect(await whoIs(laptop)).toBe("Alice");
    expect(await (await control(via(two, phone), "revoke-others")).json()).toEqual({ revoked: 1 });
    expect(await whoIs(laptop)).toBeNull();
    expect(laptop.jar.get(COOKIE)).toBeUndefined();
    expect([await whoIs(phone), await whoIs(bob)]).toEqual(["Alice", "Bob"]);
  });

  it("revoke-all through one process signs out every browser of the user on the other", async () => {
    const [one, two] = [instance(), instance()];
    const laptop = await browser(one, "alice");
    const phone = await browser(one, "alice");
    const response = await control(via(two, phone), "revoke-all");
    expect(await response.json()).toEqual({ revoked: 2 });
    expect([await whoIs(laptop), await whoIs(phone)]).toEqual([null, null]);
  });

  it("with Redis down a read due a check answers no session and keeps the cookie, warning once; it recovers when Redis is back", async () => {
    const logged: unknown[] = [];
    const warned: string[] = [];
    const one = instance(logged, warned);
    const laptop = await browser(one, "alice");
    const cookie = laptop.jar.get(COOKIE);
    await server.halt();
    try {
      for (let i = 0; i < 3; i++) {
        const response = await laptop.get("/auth/session");
        expect(response.status).toBe(200);
        expect(await response.json()).toBeNull();
      }
      expect(laptop.jar.get(COOKIE)).toBe(cookie);
      expect(warned).toEqual(["session-store-unavailable"]);
      expect(logged).toEqual([]);
    } finally {
      await server.resume();
    }
    // The connection comes back on its own; reads wait for nothing once it has.
    await vi.waitFor(async () => expect(await whoIs(laptop)).toBe("Alice"), {
      timeout: 10_000,
      interval: 100,
    });
  });
});

describe('storeUnavailable: "trust-token"', () => {
  it("accepts a still-valid JWT while Redis is down, warning once; once Redis answers, checks and revocation work again", async () => {
    const warned: string[] = [];
    const one = instance([], warned, { storeUnavailable: "trust-token" });
    const laptop = await browser(one, "alice");
    const phone = await browser(one, "alice");
    await server.halt();
    try {
      for (let i = 0; i < 3; i++) expect(await whoIs(laptop)).toBe("Alice");
      expect(warned).toEqual(["session-store-unavailable"]);
    } finally {
      await server.resume();
    }
    await vi.waitFor(async () => expect((await control(phone, "revoke-others")).status).toBe(200), {
      timeout: 10_000,
      interval: 100,
    });
    expect(await whoIs(laptop)).toBeNull();
    expect(await whoIs(phone)).toBe("Alice");
  });
});

// That the counts hold across processes is shown by the store tests (50 connections, exactly max
// pass); two configurations in one process would share the default in-memory store anyway.
describe("rate limits in Redis while Redis is down", () => {
  /** One "process" whose credentials attempts are limited to 2 per username through Redis. */
  function limited(logged: unknown[] = [], warned: string[] = []): AuthConfig {
    const store = redisRateLimitStore(connect());
    return controlConfig({
      providers: [
        Credentials({
          credentials: { username: {}, password: {} },
          authorize: ({ password }) => (password === "pw" ? { id: "u-alice", name: "Alice" } : null),
          rateLimit: { identifier: { max: 2, windowSeconds: 60 }, address: false, store },
        }),
      ],
      logger: { error: (error: unknown) => logged.push(error), warn: (code) => warned.push(code) },
    });
  }

  async function attempt(config: AuthConfig, password: string): Promise<string> {
    const client = new TestClient((request) => Auth(request, config));
    const csrfToken = await client.csrfToken();
    const response = await client.post("/auth/callback/credentials", {
      form: { csrfToken, username: "alice", password },
    });
    expect(response.status).toBe(302);
    return response.headers.get("location") ?? "";
  }

  it("fails closed while Redis is down: the attempt goes back to the form with RateLimitStoreUnavailable, warned once", async () => {
    const logged: unknown[] = [];
    const warned: string[] = [];
    const one = limited(logged, warned);
    await server.halt();
    try {
      for (let i = 0; i < 3; i++) {
        expect(await attempt(one, "pw")).toBe(
          "http://localhost:3000/auth/signin?error=RateLimitStoreUnavailable",
        );
      }
      expect(warned).toEqual(["rate-limit-store-unavailable"]);
      expect(logged).toEqual([]);
    } finally {
      await server.resume();
    }
    await vi.waitFor(async () => expect(await attempt(one, "pw")).not.toContain("error="), {
      timeout: 10_000,
      interval: 200,
    });
  });
});
