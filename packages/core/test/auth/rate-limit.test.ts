/**
 * The limit on failed credentials sign-ins, over HTTP with a frozen clock: per identifier always,
 * per client address only when a trusted source names the address.
 */
import {
  Auth,
  type AuthConfig,
  type CredentialsRateLimit,
  type LoggerInstance,
  type RateLimitStore,
} from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { TestClient } from "@portcullis/testkit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { config, SECRET } from "./helpers";

const ORIGIN = "http://localhost:3000";
const START = Date.UTC(2026, 0, 1, 12);
const REFUSED = `${ORIGIN}/auth/signin?error=CredentialsSignin&code=rate_limited`;
const WRONG = `${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`;
const SIGNED_IN = `${ORIGIN}/dashboard`;

afterEach(() => {
  vi.unstubAllEnvs();
});

interface AppOptions {
  rateLimit?: CredentialsRateLimit | false;
  config?: Partial<AuthConfig>;
  /** Default: a secret of this app's own, so the tests of this file never share counts. */
  secret?: string;
}

let apps = 0;

/** An app whose provider accepts alice/wonderland and records every call of `authorize`. */
function app(options: AppOptions = {}) {
  let now = START;
  const calls: Record<string, unknown>[] = [];
  const errors: Error[] = [];
  const warnings: string[] = [];
  const debug: string[] = [];
  const logger: Partial<LoggerInstance> = {
    error: (e) => void errors.push(e),
    warn: (code) => void warnings.push(code),
    debug: (message) => void debug.push(message),
  };
  const provider = Credentials({
    credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
    ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
    authorize: async (input) => {
      calls.push(input);
      if (input.username === "alice" && input.password === "wonderland") {
        return { id: "u1", name: "Alice", email: "alice@example.com" };
      }
      return null;
    },
  });
  const secret = options.secret ?? `${SECRET}-${++apps}`;
  const build = (): AuthConfig =>
    config({ secret, providers: [provider], now: () => now, logger, ...options.config });
  const shared = build();
  return {
    calls,
    errors,
    warnings,
    debug,
    advance: (ms: number) => {
      now += ms;
    },
    /** A browser on the app; `lazy` builds a fresh configuration object for every request. */
    browser: (lazy = false) =>
      new TestClient(
        (request) => Auth(request, lazy ? () => build() : shared),
        ORIGIN,
        () => now,
      ),
  };
}

/** Posts the credentials form (or `json`) and answers where the app sent the browser. */
async function attempt(
  browser: TestClient,
  fields: Record<string, unknown>,
  headers: Record<string, string> = {},
): Promise<string> {
  const csrfToken = await browser.csrfToken();
  const response = await browser.post("/auth/callback/credentials", {
    headers,
    json: { csrfToken, callbackUrl: "/dashboard", ...fields },
  });
  expect(response.status).toBeLessThan(500);
  return response.headers.get("location") ?? `status ${response.status}`;
}

const wrong = { username: "alice", password: "guess" };
const right = { username: "alice", password: "wonderland" };

describe("credentials rate limit per identifier", () => {
  it("refuses the right password after 5 failures on one username, with code rate_limited, without calling authorize", async () => {
    const a = app();
    const browser = a.browser();
    for (let i = 0; i < 5; i++) expect(await attempt(browser, wrong)).toBe(WRONG);
    expect(a.calls).toHaveLength(5);
    expect(await attempt(browser, right)).toBe(REFUSED);
    expect(a.calls).toHaveLength(5);
    expect(await a.browser().session()).toBeNull();
  });

  it("counts a username after folding case, whitespace and full-width forms", async () => {
    const a = app();
    const browser = a.browser();
    for (const username of ["Alice", " alice ", "ALICE", "ａｌｉｃｅ", "alice\t"]) {
      expect(await attempt(browser, { username, password: "guess" })).toBe(WRONG);
    }
    expect(await attempt(browser, right)).toBe(REFUSED);
  });

  it("keeps each username's count apart", async () => {
    const a = app();
    const browser = a.browser();
    for (let i = 0; i < 5; i++) await attempt(browser, { username: "mallory", password: "guess" });
    expect(await attempt(browser, { username: "mallory", password: "guess" })).toBe(REFUSED);
    expect(await attempt(browser, right)).toBe(SIGNED_IN);
  });

  it("does not count successful sign-ins", async () => {
    const a = app();
    const browser = a.browser();
    for (let i = 0; i < 4; i++) await attempt(browser, wrong);
    for (let i = 0; i < 3; i++) expect(await attempt(a.browser(), right)).toBe(SIGNED_IN);
    expect(await attempt(browser, wrong)).toBe(WRONG);
    expect(await attempt(browser, right)).toBe(REFUSED);
  });

  it("allows an attempt again once the oldest failure leaves the 15-minute window", async () => {
    const a = app();
    const browser = a.browser();
    for (let i = 0; i < 5; i++) await attempt(browser, wrong);
    a.advance(899_999);
    expect(await attempt(browser, right)).toBe(REFUSED);
    a.advance(1);
    expect(await attempt(browser, right)).toBe(SIGNED_IN);
  });

  it("uses the provider's identifier window and fields", async () => {
    const a = app({ rateLimit: { identifier: { max: 2, windowSeconds: 60 }, fields: ["password"] } });
    const browser = a.browser();
    await attempt(browser, { username: "bob", password: "guess" });
    await attempt(browser, { username: "carol", password: "guess" });
    expect(await attempt(browser, { username: "dave", password: "guess" })).toBe(REFUSED);
    a.advance(60_000);
    expect(await attempt(browser, { username: "dave", password: "guess" })).toBe(WRONG);
  });

  it("lets every attempt reach authorize when rateLimit is false", async () => {
    const a = app({ rateLimit: false });
    const browser = a.browser();
    for (let i = 0; i < 8; i++) expect(await attempt(browser, wrong)).toBe(WRONG);
    expect(await attempt(browser, right)).toBe(SIGNED_IN);
    expect(a.calls).toHaveLength(9);
  });

  it("keeps the limit when the configuration is built anew for every request", async () => {
    const a = app();
    const browser = a.browser(true);
    for (let i = 0; i < 5; i++) expect(await attempt(browser, wrong)).toBe(WRONG);
    expect(await attempt(browser, right)).toBe(REFUSED);
    expect(a.calls).toHaveLength(5);
  });

  it("keeps apps with different secrets apart in the default store", async () => {
    const first = app();
    for (let i = 0; i < 5; i++) await attempt(first.browser(), wrong);
    expect(await attempt(first.browser(), right)).toBe(REFUSED);
    expect(await attempt(app().browser(), right)).toBe(SIGNED_IN);
  });

  it("refuses with rate_limited under database sessions too", async () => {
    const adapter = MemoryAdapter();
    await adapter.createUser!({ id: "u1", email: "alice@example.com", emailVerified: null, name: "Alice" });
    const a = app({ config: { adapter, session: { strategy: "database" } } });
    const browser = a.browser();
    expect(await attempt(browser, right)).toBe(SIGNED_IN);
    for (let i = 0; i < 5; i++) await attempt(a.browser(), wrong);
    expect(await attempt(a.browser(), right)).toBe(REFUSED);
    expect(a.calls).toHaveLength(6);
  });
});

/**
 * A store shared by two configurations, standing for two server processes, behind an async
 * boundary as a Redis-backed store would answer. It has no `refund`, so every attempt counts.
 */
function sharedStore(): RateLimitStore & { keys: string[] } {
  const times = new Map<string, number[]>();
  const keys: string[] = [];
  return {
    keys,
    async take(key, max, windowMs, now) {
      keys.push(key);
      const recent = (times.get(key) ?? []).filter((time) => time > now - windowMs);
      if (recent.length >= max) return false;
      times.set(key, [...recent, now]);
      return true;
    },
  };
}

describe("credentials rate limit with a custom store", () => {
  it("shares counts between two configuration objects that share the store", async () => {
    const store = sharedStore();
    const rateLimit = { identifier: { max: 3, windowSeconds: 60 }, store };
    const first = app({ rateLimit, secret: SECRET });
    const second = app({ rateLimit, secret: SECRET });
    await attempt(first.browser(), wrong);
    await attempt(second.browser(), wrong);
    await attempt(first.browser(), wrong);
    expect(await attempt(second.browser(), right)).toBe(REFUSED);
    expect(second.calls).toHaveLength(1);
  });

  it("hands the store hashes, never the username", async () => {
    const store = sharedStore();
    await attempt(app({ rateLimit: { store } }).browser(), { username: "hidden-name", password: "x" });
    expect(store.keys).toHaveLength(1);
    expect(store.keys[0]).toMatch(/^[0-9a-f]{64}$/);
  });

  it("does not call authorize and sends the visitor back with RateLimitStoreUnavailable, warning once per outage, when the store fails", async () => {
    let failing = true;
    const store: RateLimitStore = {
      take: async () => {
        if (failing) throw new Error("store unreachable");
        return true;
      },
    };
    const a = app({ rateLimit: { store } });
    for (let i = 0; i < 3; i++)
      expect(await attempt(a.browser(), right)).toBe(`${ORIGIN}/auth/signin?error=RateLimitStoreUnavailable`);
    expect(a.calls).toHaveLength(0);
    expect(a.errors).toEqual([]);
    expect(a.warnings).toEqual(["rate-limit-store-unavailable"]);
    expect(a.debug.join("\n")).toContain("store unreachable");
    failing = false;
    expect(await attempt(a.browser(), right)).not.toContain("error=");
    failing = true;
    await attempt(a.browser(), right);
    expect(a.warnings).toEqual(["rate-limit-store-unavailable", "rate-limit-store-unavailable"]);
  });

  it.each([
    ["a zero max", { identifier: { max: 0, windowSeconds: 60 } }],
    ["a negative window", { address: { max: 5, windowSeconds: -1 } }],
    ["a store without take", { store: {} as RateLimitStore }],
    ["fields that are not names", { fields: [""] }],
    ["a clientAddress that is not a function", { clientAddress: "1.2.3.4" as never }],
  ])("answers %s with a configuration error and does not call authorize", async (_, rateLimit) => {
    const a = app({ rateLimit });
    expect(await attempt(a.browser(), right)).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(a.calls).toHaveLength(0);
    expect(a.errors.map((e) => e.message).join("\n")).toContain("rateLimit");
  });
});

describe("credentials rate limit per client address", () => {
  const perAddress = { identifier: false, address: { max: 3, windowSeconds: 900 } } as const;

  it("limits failures per address behind an explicitly trusted proxy, whatever the usernames", async () => {
    const a = app({ rateLimit: perAddress });
    const from = { "x-forwarded-for": "203.0.113.7" };
    for (const username of ["u1", "u2", "u3"]) {
      expect(await attempt(a.browser(), { username, password: "x" }, from)).toBe(WRONG);
    }
    expect(await attempt(a.browser(), right, from)).toBe(REFUSED);
    expect(await attempt(a.browser(), right, { "x-forwarded-for": "198.51.100.1" })).toBe(SIGNED_IN);
  });

  it("counts the entry the proxy appended, not the ones the client wrote before it", async () => {
    const a = app({ rateLimit: perAddress });
    for (let i = 0; i < 3; i++) {
      await attempt(
        a.browser(),
        { username: `u${i}`, password: "x" },
        { "x-forwarded-for": `10.0.0.${i}, 203.0.113.7` },
      );
    }
    expect(await attempt(a.browser(), right, { "x-forwarded-for": "10.9.9.9, 203.0.113.7" })).toBe(REFUSED);
  });

  it("counts an IPv6 client by its /64", async () => {
    const a = app({ rateLimit: perAddress });
    for (const host of ["2001:db8:1:2::1", "2001:db8:1:2::2", "2001:db8:1:2:ffff::9"]) {
      await attempt(a.browser(), { username: host, password: "x" }, { "x-forwarded-for": host });
    }
    expect(await attempt(a.browser(), right, { "x-forwarded-for": "[2001:db8:1:2::3]:443" })).toBe(REFUSED);
  });

  it("ignores X-Forwarded-For when trust comes only from AUTH_URL", async () => {
    vi.stubEnv("AUTH_URL", `${ORIGIN}/auth`);
    vi.stubEnv("AUTH_TRUST_HOST", undefined);
    const a = app({ rateLimit: perAddress, config: { trustHost: undefined } });
    for (let i = 0; i < 5; i++) {
      expect(
        await attempt(
          a.browser(),
          { username: `u${i}`, password: "x" },
          { "x-forwarded-for": "203.0.113.7" },
        ),
      ).toBe(WRONG);
    }
    expect(await attempt(a.browser(), right, { "x-forwarded-for": "203.0.113.7" })).toBe(SIGNED_IN);
  });

  it("gives no fresh allowance to a client that changes X-Forwarded-For without a declared proxy", async () => {
    vi.stubEnv("AUTH_URL", `${ORIGIN}/auth`);
    vi.stubEnv("AUTH_TRUST_HOST", undefined);
    const a = app({ config: { trustHost: undefined } });
    for (let i = 0; i < 5; i++) await attempt(a.browser(), wrong, { "x-forwarded-for": `198.51.100.${i}` });
    expect(await attempt(a.browser(), right, { "x-forwarded-for": "198.51.100.200" })).toBe(REFUSED);
  });

  it("takes the address from the deployer's clientAddress function", async () => {
    vi.stubEnv("AUTH_URL", `${ORIGIN}/auth`);
    const a = app({
      rateLimit: { ...perAddress, clientAddress: (request) => request.headers.get("cf-connecting-ip") },
      config: { trustHost: false },
    });
    const edge = { "cf-connecting-ip": "192.0.2.44" };
    for (let i = 0; i < 3; i++) await attempt(a.browser(), { username: `u${i}`, password: "x" }, edge);
    expect(await attempt(a.browser(), right, edge)).toBe(REFUSED);
  });
});

describe("credentials rate limit on bad input", () => {
  it.each<[string, Record<string, unknown>, Record<string, string>?]>([
    ["a huge username (just under the body limit)", { username: "a".repeat(60_000) }],
    ["control and odd characters", { username: "\u0000\u202e\ud800ali\r\nce🙂" }],
    ["a missing username", {}],
    ["a username given as an array", { username: ["alice"] }],
    ["a username given as an object", { username: { $ne: "" } }],
    ["a numeric username", { username: 12345 }],
    [
      "a forwarded address that is not one",
      { username: "eve" },
      { "x-forwarded-for": "not-an-ip, <script>" },
    ],
  ])("counts %s without a 5xx and refuses the 6th attempt", async (_, fields, headers = {}) => {
    const a = app();
    for (let i = 0; i < 5; i++) {
      expect(await attempt(a.browser(), { password: "x", ...fields }, headers)).toBe(WRONG);
    }
    expect(await attempt(a.browser(), { password: "x", ...fields }, headers)).toBe(REFUSED);
    expect(a.errors.map((e) => e.message).join("\n")).not.toContain("aaaaaaaa");
  });
});

it("warns once, not per attempt, when a credentials provider declares no field to count by", async () => {
  const warnings: string[] = [];
  const bare = Credentials({ authorize: async () => null });
  const cfg: AuthConfig = {
    secret: "a-secret-for-the-field-warning-test-32-chars",
    trustHost: true,
    providers: [bare],
    logger: { warn: (code) => void warnings.push(code), error: () => {} },
  };
  const browser = new TestClient((request) => Auth(request, cfg));
  for (let attempt = 0; attempt < 3; attempt++) {
    const csrfToken = await browser.csrfToken();
    await browser.post("/auth/callback/credentials", { form: { csrfToken, username: "x" } });
  }
  expect(warnings.filter((code) => code === "credentials-rate-limit-no-field")).toHaveLength(1);
});
