/**
 * Adapter calls that never answer: each request ends after `timeouts.adapter` with the answer it
 * gives for any adapter failure, instead of hanging. The hang is a method of the real memory
 * adapter replaced by one that never settles: no real database can be told to stall one call on
 * demand. Vitest's per-test time-out is the guard: a request that hangs fails the test.
 */
import type { Adapter, AuthConfig, LoggerInstance } from "@portcullis/core";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { describe, expect, it } from "vitest";
import { client, config, signIn } from "./helpers";

const NEVER = () => new Promise<never>(() => {});
const GUARD = { timeout: 3_000 };

function setup(adapter: Adapter, overrides: Partial<AuthConfig> = {}) {
  const errors: Error[] = [];
  const logger: Partial<LoggerInstance> = { error: (e) => void errors.push(e), warn: () => {} };
  const cfg = config({ adapter, logger, timeouts: { adapter: 200 }, ...overrides });
  return { c: client(cfg), errors };
}

async function withUser(): Promise<Adapter> {
  const adapter = MemoryAdapter();
  await adapter.createUser!({ id: "u1", email: "alice@example.com", emailVerified: null, name: "Alice" });
  return adapter;
}

describe("adapter time-out", () => {
  it(
    "answers a session read with null and keeps the cookie when getSessionAndUser never answers",
    GUARD,
    async () => {
      const adapter = await withUser();
      const { c, errors } = setup(adapter);
      await signIn(c);
      const token = c.jar.get("authjs.session-token");
      adapter.getSessionAndUser = NEVER;
      const response = await c.get("/auth/session");
      expect(response.status).toBe(200);
      expect(await response.json()).toBeNull();
      expect(c.jar.get("authjs.session-token")).toBe(token);
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ type: "SessionTokenError" });
      const adapterError = errors[0]?.cause as Error;
      expect(adapterError).toMatchObject({ type: "AdapterError" });
      expect(adapterError.message).toContain("getSessionAndUser");
      expect(adapterError.cause).toMatchObject({
        name: "TimeoutError",
        message: "The adapter's getSessionAndUser did not answer within 200 ms.",
      });
    },
  );

  it(
    "answers a sign-in with the error page and sets no session cookie when createSession never answers",
    GUARD,
    async () => {
      const adapter = await withUser();
      adapter.createSession = NEVER;
      const { c, errors } = setup(adapter);
      const response = await signIn(c);
      expect(response.headers.get("location")).toBe("http://localhost:3000/auth/error?error=Configuration");
      expect(c.jar.get("authjs.session-token")).toBeUndefined();
      expect(errors.map((e) => (e as { type?: string }).type)).toEqual(["AdapterError"]);
    },
  );

  it.each<[string, unknown]>([
    ["zero", 0],
    ["a negative number", -1],
    ["NaN", Number.NaN],
    ["a string", "5s"],
  ])("refuses %s as a time-out with the configuration error on every request", async (_case, value) => {
    const errors: Error[] = [];
    const cfg = config({
      logger: { error: (e) => void errors.push(e), warn: () => {} },
      timeouts: { http: value as number },
    });
    const response = await client(cfg).get("/auth/session");
    expect(response.status).toBe(500);
    expect(errors[0]?.message).toContain("`timeouts.http` must be a positive number of milliseconds");
  });
});
