/**
 * Adapter answers whose `expires` is not a valid Date fail closed: a magic link is refused and a
 * database session is gone. The adapter is the real memory adapter, wrapped so that the one
 * method under test rewrites `expires` of the row it returns (a buggy or hostile data layer: a
 * column read as text, a dropped field); every other call reaches the memory adapter untouched.
 */
import { createHash } from "node:crypto";
import type { Adapter, AuthConfig } from "@portcullis/core";
import { Auth } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import Nodemailer from "@portcullis/core/providers/nodemailer";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { type SmtpSink, startSmtpSink, TestClient } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config, signIn } from "./helpers";

const NOW = Date.UTC(2026, 0, 1, 12);
const HOUR = 3600 * 1000;
const SECRET = "adapter-dates-secret-with-at-least-32-characters";
const ORIGIN = "http://localhost:3000";
const TOKEN = "fixed-link-token-0123456789abcdef";
const EMAIL = "ada@example.com";

/** What a broken adapter may put where a Date belongs. Each must read as expired. */
const ODD_EXPIRES: Array<[string, () => unknown]> = [
  ["no expires at all", () => undefined],
  ["null", () => null],
  ["an unparsable string", () => "garbage"],
  ["an ISO string (a Date is required)", () => new Date(NOW + HOUR).toISOString()],
  ["an invalid Date", () => new Date(Number.NaN)],
  ["a number of milliseconds in the future", () => NOW + HOUR],
  ["an object posing as a Date", () => ({ [Symbol.toStringTag]: "Date", getTime: () => NOW + HOUR })],
];

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.stop());

/** The memory adapter with `expires` of `method`'s answer replaced by `odd()` (when it answers a row). */
function withOddExpires(method: "useVerificationToken" | "getSessionAndUser", odd: () => unknown) {
  const inner = MemoryAdapter();
  let active = true;
  const adapter: Adapter = {
    ...inner,
    async useVerificationToken(params) {
      const row = await inner.useVerificationToken!(params);
      if (!row || !active || method !== "useVerificationToken") return row;
      return { ...row, expires: odd() as Date };
    },
    async getSessionAndUser(sessionToken) {
      const found = await inner.getSessionAndUser!(sessionToken);
      if (!found || !active || method !== "getSessionAndUser") return found;
      return { ...found, session: { ...found.session, expires: odd() as Date } };
    },
  };
  const setActive = (value: boolean) => {
    active = value;
  };
  return { adapter, inner, pause: () => setActive(false), resume: () => setActive(true) };
}

describe("a magic link whose stored expiry the adapter answers without a valid Date", () => {
  it.each(ODD_EXPIRES)("is refused as expired when expires is %s", async (_name, odd) => {
    const { adapter, inner } = withOddExpires("useVerificationToken", odd);
    const errors: Error[] = [];
    const cfg: AuthConfig = {
      secret: SECRET,
      trustHost: true,
      adapter,
      providers: [Nodemailer({ server: sink.url, from: "no-reply@example.test" })],
      logger: { error: (e) => void errors.push(e), warn: () => {} },
      now: () => NOW,
    };
    // The row itself is live for another hour: only the adapter's answer is broken.
    await inner.createVerificationToken!({
      identifier: EMAIL,
      token: createHash("sha256").update(`${TOKEN}${SECRET}`).digest("hex"),
      expires: new Date(NOW + HOUR),
    });
    const browser = new TestClient(
      (request) => Auth(request, cfg),
      ORIGIN,
      () => NOW,
    );
    const response = await browser.get(`/auth/callback/nodemailer?token=${TOKEN}&email=${EMAIL}`);

    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Verification`);
    expect(browser.jar.get("authjs.session-token")).toBeUndefined();
    expect(await inner.getUserByEmail!(EMAIL)).toBeNull();
    const messages = errors.map((e) => e.message).join("\n");
    expect(messages).toContain("useVerificationToken returned an expires that is not a valid Date");
    expect(messages).not.toContain(TOKEN);
  });
});

describe("a database session whose expiry the adapter answers without a valid Date", () => {
  it.each(ODD_EXPIRES)(
    "reads as no session, is deleted and its cookie cleared when expires is %s",
    async (_name, odd) => {
      const { adapter, inner, pause, resume } = withOddExpires("getSessionAndUser", odd);
      const errors: Error[] = [];
      const cfg = config({
        adapter,
        now: () => NOW,
        logger: { error: (e) => void errors.push(e), warn: () => {} },
      });
      await inner.createUser!({ id: "u1", email: "alice@example.com", emailVerified: null, name: "Alice" });
      const browser = new TestClient(
        (request) => Auth(request, cfg),
        ORIGIN,
        () => NOW,
      );
      pause();
      await signIn(browser);
      const sessionToken = browser.jar.get("authjs.session-token")!;
      expect(sessionToken).toBeTruthy();
      resume();

      const response = await browser.get("/auth/session");
      expect(response.status).toBe(200);
      expect(await response.json()).toBeNull();
      expect(response.headers.getSetCookie()).toContainEqual(
        expect.stringMatching(/^authjs\.session-token=;/),
      );
      expect(await inner.getSessionAndUser!(sessionToken)).toBeNull();
      expect(errors.map((e) => e.message).join("\n")).toContain(
        "getSessionAndUser returned an expires that is not a valid Date",
      );
    },
  );
});

describe("a new database session the adapter answers without a valid Date", () => {
  it.each(ODD_EXPIRES)(
    "still signs in, with the asked-for expiry on the cookie, when expires is %s",
    async (_case, odd) => {
      const inner = MemoryAdapter();
      // Credentials with database sessions sign in a user the adapter knows.
      const alice = await inner.createUser!({
        id: "u1",
        name: "Alice",
        email: "alice@example.com",
        emailVerified: null,
      });
      const errors: Error[] = [];
      const adapter: Adapter = {
        ...inner,
        async createSession(session) {
          const stored = await inner.createSession!(session);
          return { ...stored, expires: odd() as Date };
        },
      };
      const cfg = config({
        adapter,
        providers: [Credentials({ credentials: { username: {} }, authorize: async () => alice })],
        session: { strategy: "database" },
        now: () => NOW,
        logger: { error: (e) => void errors.push(e) },
      });
      const browser = new TestClient(
        (request) => Auth(request, cfg),
        ORIGIN,
        () => NOW,
      );
      const response = await signIn(browser);
      expect(response.status).toBe(302);
      const cookie = response.headers.getSetCookie().find((c) => c.startsWith("authjs.session-token="));
      expect(cookie).toContain(`Expires=${new Date(NOW + 30 * 24 * HOUR).toUTCString()}`);
      expect(errors.map((e) => e.message)).toEqual([expect.stringContaining("createSession")]);
    },
  );
});
