/** The per-address limit on magic links, over HTTP with a real SMTP sink and a frozen clock. */
import { Auth, type RateLimitStore } from "@portcullis/core";
import { type SmtpSink, startSmtpSink, TestClient } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmailApp, emailApp, location, ORIGIN, requestLink, SECRET } from "./helpers";

const VERIFY = `${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.stop();
});

function mailsTo(email: string): number {
  return sink.mails.filter((mail) => mail.to.includes(email)).length;
}

async function request(app: EmailApp, email: string): Promise<string> {
  return location(await requestLink(app.browser(), email));
}

describe("rate limit", () => {
  it("refuses the 6th link in 15 minutes with RateLimited and mails nothing for it", async () => {
    const app = emailApp(sink);
    for (let i = 0; i < 5; i++) {
      expect(await request(app, "busy@example.com")).toBe(VERIFY);
      app.advance(60_000);
    }
    expect(await request(app, "busy@example.com")).toBe(`${ORIGIN}/auth/signin?error=RateLimited`);
    expect(mailsTo("busy@example.com")).toBe(5);
  });

  it("allows a link again once the oldest one leaves the window", async () => {
    const app = emailApp(sink);
    for (let i = 0; i < 5; i++) await request(app, "window@example.com");
    app.advance(899_999);
    expect(await request(app, "window@example.com")).toBe(`${ORIGIN}/auth/signin?error=RateLimited`);
    app.advance(1);
    expect(await request(app, "window@example.com")).toBe(VERIFY);
    expect(mailsTo("window@example.com")).toBe(6);
  });

  it("counts each address on its own and after normalisation", async () => {
    const app = emailApp(sink);
    for (let i = 0; i < 5; i++) await request(app, i % 2 ? "Same@Example.com" : "same@example.com ");
    expect(await request(app, "SAME@example.com")).toBe(`${ORIGIN}/auth/signin?error=RateLimited`);
    expect(await request(app, "other@example.com")).toBe(VERIFY);
  });

  it("uses the provider's max and window", async () => {
    const app = emailApp(sink, { provider: { rateLimit: { max: 2, windowSeconds: 60 } } });
    expect(await request(app, "custom@example.com")).toBe(VERIFY);
    expect(await request(app, "custom@example.com")).toBe(VERIFY);
    expect(await request(app, "custom@example.com")).toBe(`${ORIGIN}/auth/signin?error=RateLimited`);
    app.advance(60_000);
    expect(await request(app, "custom@example.com")).toBe(VERIFY);
  });

  it("sends every link when rateLimit is false", async () => {
    const app = emailApp(sink, { provider: { rateLimit: false } });
    for (let i = 0; i < 7; i++) expect(await request(app, "unlimited@example.com")).toBe(VERIFY);
    expect(mailsTo("unlimited@example.com")).toBe(7);
  });

  it("keeps the limit when the configuration is built anew for every request", async () => {
    const app = emailApp(sink);
    const lazy = new TestClient((req) => Auth(req, () => ({ ...app.config })), ORIGIN, app.now);
    for (let i = 0; i < 5; i++) expect(location(await requestLink(lazy, "lazy@example.com"))).toBe(VERIFY);
    expect(location(await requestLink(lazy, "lazy@example.com"))).toBe(
      `${ORIGIN}/auth/signin?error=RateLimited`,
    );
    expect(mailsTo("lazy@example.com")).toBe(5);
  });

  it("shares counts between configuration objects of one app, by default", async () => {
    const first = emailApp(sink);
    for (let i = 0; i < 5; i++) await request(first, "two-configs@example.com");
    expect(await request(emailApp(sink), "two-configs@example.com")).toBe(
      `${ORIGIN}/auth/signin?error=RateLimited`,
    );
  });

  it("keeps separate counts for apps with different secrets", async () => {
    const first = emailApp(sink);
    for (let i = 0; i < 5; i++) await request(first, "two-apps@example.com");
    expect(await request(first, "two-apps@example.com")).toBe(`${ORIGIN}/auth/signin?error=RateLimited`);
    const other = emailApp(sink, { config: { secret: `${SECRET}-other-app` } });
    expect(await request(other, "two-apps@example.com")).toBe(VERIFY);
  });

  it("refuses a known and an unknown address alike", async () => {
    const app = emailApp(sink);
    await app.adapter.createUser!({ id: "u-limit", email: "member@example.com", emailVerified: null });
    const answers: string[] = [];
    for (const email of ["member@example.com", "nobody@example.com"]) {
      for (let i = 0; i < 5; i++) await request(app, email);
      answers.push(await request(app, email));
    }
    expect(answers).toEqual([
      `${ORIGIN}/auth/signin?error=RateLimited`,
      `${ORIGIN}/auth/signin?error=RateLimited`,
    ]);
  });

  it("answers an unusable rateLimit setting with a configuration error and sends nothing", async () => {
    const app = emailApp(sink, { provider: { rateLimit: { max: 0, windowSeconds: 60 } } });
    expect(await request(app, "badlimit@example.com")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(mailsTo("badlimit@example.com")).toBe(0);
    expect(app.errors.map((e) => e.message).join("\n")).toContain("rateLimit");
  });
});

/**
 * A store shared by two configurations, standing for two server processes. It keeps its windows
 * in a Map behind an async boundary, as a store backed by Redis or a database would answer.
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

describe("rate limit with a shared store", () => {
  it("holds across configurations that share the store", async () => {
    const store = sharedStore();
    const rateLimit = { max: 2, windowSeconds: 60, store };
    const first = emailApp(sink, { provider: { rateLimit } });
    const second = emailApp(sink, { provider: { rateLimit } });
    expect(await request(first, "shared@example.com")).toBe(VERIFY);
    expect(await request(second, "shared@example.com")).toBe(VERIFY);
    expect(await request(first, "shared@example.com")).toBe(`${ORIGIN}/auth/signin?error=RateLimited`);
    expect(await request(second, "shared@example.com")).toBe(`${ORIGIN}/auth/signin?error=RateLimited`);
    expect(mailsTo("shared@example.com")).toBe(2);
  });

  it("hands the store a SHA-256 of the provider and address, never the address", async () => {
    const store = sharedStore();
    await request(
      emailApp(sink, { provider: { rateLimit: { max: 5, windowSeconds: 60, store } } }),
      "hidden@example.com",
    );
    expect(store.keys).toHaveLength(1);
    expect(store.keys[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(store.keys[0]).not.toContain("hidden");
  });

  it("sends nothing and sends the visitor back with RateLimitStoreUnavailable, warning once, when the store fails", async () => {
    const failing: RateLimitStore = {
      take: async () => {
        throw new Error("store unreachable");
      },
    };
    const app = emailApp(sink, { provider: { rateLimit: { max: 5, windowSeconds: 60, store: failing } } });
    for (let i = 0; i < 2; i++) {
      const answer = await request(app, "storeless@example.com");
      expect(answer).toBe(`${ORIGIN}/auth/signin?error=RateLimitStoreUnavailable`);
    }
    expect(mailsTo("storeless@example.com")).toBe(0);
    expect(app.errors).toEqual([]);
    expect(app.warnings).toEqual(["rate-limit-store-unavailable"]);
  });

  it("answers a store without take() with a configuration error and sends nothing", async () => {
    const store = {} as RateLimitStore;
    const app = emailApp(sink, { provider: { rateLimit: { max: 5, windowSeconds: 60, store } } });
    expect(await request(app, "nostore@example.com")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(mailsTo("nostore@example.com")).toBe(0);
    expect(app.errors.map((error) => error.message).join("\n")).toContain("store");
  });
});
