/**
 * The per-username credentials limit against a flood of throw-away usernames, over HTTP with a
 * frozen clock. The store is a memory store holding a few keys, so a flood larger than the store
 * takes a few dozen requests here, not the 50,000 the default store would need.
 */
import { Auth, type RateLimitStore } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { TestClient } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { memoryStore } from "../../src/rate-limit/memory-store";
import { config, recordingLogger } from "../auth/helpers";

const ORIGIN = "http://localhost:3000";
const START = Date.UTC(2026, 0, 1, 12);
const REFUSED = `${ORIGIN}/auth/signin?error=CredentialsSignin&code=rate_limited`;
const WRONG = `${ORIGIN}/auth/signin?error=CredentialsSignin&code=credentials`;
const UNAVAILABLE = `${ORIGIN}/auth/signin?error=RateLimitStoreUnavailable`;

/** An app accepting alice/wonderland, whose limit counts in `store`; records who reached authorize. */
function app(store: RateLimitStore, identifier = { max: 5, windowSeconds: 900 }) {
  let now = START;
  const authorized: string[] = [];
  const { log, logger } = recordingLogger();
  const provider = Credentials({
    credentials: { username: {}, password: {} },
    rateLimit: { identifier, address: false, store },
    authorize: ({ username, password }) => {
      authorized.push(String(username));
      return username === "alice" && password === "wonderland" ? { id: "u1", name: "Alice" } : null;
    },
  });
  const cfg = config({ providers: [provider], logger, now: () => now });
  const browser = new TestClient(
    (request) => Auth(request, cfg),
    ORIGIN,
    () => now,
  );
  return {
    authorized,
    log,
    advance: (ms: number) => {
      now += ms;
    },
    /** Posts the credentials form (one CSRF token serves a whole flood) and answers where it went. */
    async attempt(username: string, password: string): Promise<string | null> {
      const csrfToken = await browser.csrfToken();
      const response = await browser.post("/auth/callback/credentials", {
        form: { csrfToken, username, password, callbackUrl: "/dashboard" },
      });
      return response.headers.get("location");
    },
  };
}

describe("the per-username credentials limit under a flood of other usernames", () => {
  it("keeps refusing a username at its limit after failed sign-ins for more usernames than the store holds", async () => {
    const a = app(memoryStore(20));
    for (let i = 0; i < 5; i++) expect(await a.attempt("alice", `guess-${i}`)).toBe(WRONG);
    for (let i = 0; i < 60; i++) expect(await a.attempt(`junk-${i}`, "x")).toBe(WRONG);
    // Still within the 15 minutes: the right password is refused without reaching authorize.
    expect(await a.attempt("alice", "wonderland")).toBe(REFUSED);
    expect(a.authorized.filter((name) => name === "alice")).toHaveLength(5);
  });

  it("sends a new username back with RateLimitStoreUnavailable, warning once, while every username the store holds is at its limit", async () => {
    const a = app(memoryStore(4), { max: 1, windowSeconds: 900 });
    for (const name of ["alice", "junk-1", "junk-2", "junk-3"])
      expect(await a.attempt(name, "x")).toBe(WRONG);
    for (const name of ["bob", "carol"]) expect(await a.attempt(name, "x")).toBe(UNAVAILABLE);
    expect(await a.attempt("alice", "wonderland")).toBe(REFUSED);
    expect(a.authorized).toEqual(["alice", "junk-1", "junk-2", "junk-3"]);
    expect(a.log.warnings.filter((code) => code.startsWith("rate-limit"))).toEqual([
      "rate-limit-store-unavailable",
    ]);
    // Once the window is over, the store counts again: alice's right password signs in.
    a.advance(900_000);
    expect(await a.attempt("alice", "wonderland")).toBe(`${ORIGIN}/dashboard`);
    expect(await a.attempt("bob", "x")).toBe(WRONG);
  });
});
