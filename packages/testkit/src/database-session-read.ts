/**
 * A server-side session read that sets no cookie (`getSession`) must not extend a database
 * session: extended without its cookie, the row would outlive the browser's cookie, which keeps
 * the sign-in's expiry and ends an active user's session at `maxAge` anyway.
 */
import { Auth, type AuthConfig, type Session } from "@portcullis/core";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { expect } from "vitest";
import { TestClient } from "./client";
import { ALICE, integrationConfig, SESSION_COOKIE, signInAsAlice } from "./integration-fixture";

/** A database-session configuration on a clock the test moves, and a look at the session row. */
export interface DatabaseSessionSetup {
  config: AuthConfig;
  /** The clock of the configuration, in ms; it starts at the real time (a jar drops cookies by it). */
  now(): number;
  /** Moves the clock on by `ms`. */
  advance(ms: number): void;
  /** When the row of `sessionToken` expires (ms), or undefined without a row. */
  expires(sessionToken: string): Promise<number | undefined>;
}

/**
 * The {@link integrationConfig} with database sessions on the memory adapter (alice's user
 * created), extended once 60 seconds have passed (`updateAge`).
 *
 * @returns The configuration and its clock.
 * @example
 * ```ts
 * const db = await databaseSessionSetup()
 * const app = await start(db.config, routes)
 * ```
 */
export async function databaseSessionSetup(): Promise<DatabaseSessionSetup> {
  let now = Date.now();
  const adapter = MemoryAdapter();
  await adapter.createUser!({ id: "u1", ...ALICE, emailVerified: null });
  const config = integrationConfig({
    adapter,
    session: { strategy: "database", updateAge: 60 },
    now: () => now,
  });
  return {
    config,
    now: () => now,
    advance: (ms) => {
      now += ms;
    },
    expires: async (sessionToken) =>
      (await adapter.getSessionAndUser!(sessionToken))?.session.expires.getTime(),
  };
}

/**
 * Checks that `read` (a `getSession(request, config)`) answers alice's database session past its
 * `updateAge` and leaves the row's expiry where the sign-in put it.
 *
 * @param read The session read under test.
 * @example
 * ```ts
 * it("getSession does not extend a database session", () => expectReadNotToExtend(getSession))
 * ```
 */
export async function expectReadNotToExtend(
  read: (request: Request, config: AuthConfig) => Promise<Session | null>,
): Promise<void> {
  const db = await databaseSessionSetup();
  const client = new TestClient((request) => Auth(request, db.config), undefined, db.now);
  await signInAsAlice(client);
  const token = client.jar.get(SESSION_COOKIE)!;
  const signedIn = await db.expires(token);
  expect(signedIn).toBeGreaterThan(db.now());
  db.advance(120_000);
  const request = new Request(`${client.origin}/dashboard`, { headers: { cookie: client.jar.header()! } });
  expect((await read(request, db.config))?.user).toMatchObject(ALICE);
  expect(await db.expires(token)).toBe(signedIn);
}
