/**
 * The refresh lease outlasts everything its holder may still do under it. A lease shorter than
 * the holder's work (read the account, refresh at the provider, store the rotated tokens, each
 * step under its own time-out) lapses while the holder still writes; the other process then takes
 * it, reads the old tokens and refreshes with the refresh token the holder already used, and a
 * provider that rotates refresh tokens (oidc-provider, here for real) revokes the whole grant.
 *
 * Two engines on one SQLite file share a lease store. `timeouts.http` is 3 s and the holder's
 * write of the rotated tokens takes 9 s of the app's clock (a database under load, within the
 * adapter time-out of 10 s); the clock is moved forward instead of waiting.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Adapter } from "@portcullis/core";
import { memoryStore } from "@portcullis/core/rate-limit/memory-store";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import type { TestOpenIdProvider } from "@portcullis/testkit";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  accessToken,
  clock,
  engineOf,
  NEAR_EXPIRY,
  refreshingProvider,
  signedIn,
  startRefreshingIdp,
  tokenConfig,
  userinfoStatus,
} from "./helpers";

let idp: TestOpenIdProvider;
let dir: string;
const connections: Kysely<unknown>[] = [];

beforeAll(async () => {
  idp = await startRefreshingIdp();
  dir = mkdtempSync(join(tmpdir(), "portcullis-lease-"));
});
afterAll(async () => {
  await Promise.all(connections.map((db) => db.destroy()));
  rmSync(dir, { recursive: true, force: true });
  await idp?.stop();
});

function connect(file: string): Kysely<unknown> {
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(file) }) });
  connections.push(db);
  return db;
}

describe("the refresh lease across processes", () => {
  it("lasts while its holder still stores the rotated tokens: the other process waits instead of refreshing with the spent token", async () => {
    const file = join(dir, "tokens.db");
    await migrate(connect(file));
    const time = clock();
    const provider = refreshingProvider(idp);
    const shared = memoryStore();

    // Process A's database is slow to write the refreshed tokens.
    let writeStarted!: () => void;
    const writing = new Promise<void>((resolve) => {
      writeStarted = resolve;
    });
    let finishWrite!: () => void;
    const slow = new Promise<void>((resolve) => {
      finishWrite = resolve;
    });
    const base = SqlAdapter(connect(file));
    const slowAdapter: Adapter = {
      ...base,
      updateAccount: async (account) => {
        writeStarted();
        await slow;
        return base.updateAccount!(account);
      },
    };
    const timeouts = { http: 3000 };
    const configA = tokenConfig(provider, time, {
      adapter: slowAdapter,
      accessTokens: { lockStore: shared },
      timeouts,
    });
    const configB = tokenConfig(provider, time, {
      adapter: SqlAdapter(connect(file)),
      accessTokens: { lockStore: shared },
      timeouts,
    });
    const client = await signedIn(configA, idp);
    time.advance(NEAR_EXPIRY);
    const grants = idp.grantCount("refresh_token");

    const a = accessToken(engineOf(configA), client);
    await writing; // A has refreshed at the provider and is storing the rotated tokens.
    time.advance(9); // ... for 9 seconds.
    const b = accessToken(engineOf(configB), client).then(
      (token) => token?.accessToken,
      (error: Error) => `${error.name}: ${error.message}`,
    );
    // B must wait for A's write, not go to the provider with the refresh token A has used.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const grantsWhileAWrites = idp.grantCount("refresh_token") - grants;
    finishWrite();
    const tokenA = (await a)!.accessToken;

    expect(grantsWhileAWrites).toBe(1);
    // B took the tokens A stored, and the grant is alive.
    expect(await b).toBe(tokenA);
    expect(await userinfoStatus(idp, tokenA)).toBe(200);
  });

  it("is left to lapse when the holder's store failed: the write may still land, and the other process waits for it", async () => {
    const file = join(dir, "late-write.db");
    await migrate(connect(file));
    const time = clock();
    const provider = refreshingProvider(idp);
    const shared = memoryStore();

    // Process A's write of the rotated tokens times out in A, but the database finishes it later.
    let landWrite!: () => void;
    const late = new Promise<void>((resolve) => {
      landWrite = resolve;
    });
    let landed: Promise<unknown> = Promise.resolve();
    const base = SqlAdapter(connect(file));
    const timingOut: Adapter = {
      ...base,
      updateAccount: async (account) => {
        landed = late.then(() => base.updateAccount!(account));
        throw new Error("Query timed out");
      },
    };
    const configA = tokenConfig(provider, time, { adapter: timingOut, accessTokens: { lockStore: shared } });
    const configB = tokenConfig(provider, time, {
      adapter: SqlAdapter(connect(file)),
      accessTokens: { lockStore: shared },
    });
    const client = await signedIn(configA, idp);
    time.advance(NEAR_EXPIRY);
    const grants = idp.grantCount("refresh_token");

    await expect(accessToken(engineOf(configA), client)).rejects.toThrow(/updateAccount/);
    const b = accessToken(engineOf(configB), client).then(
      (token) => token?.accessToken,
      (error: Error) => `${error.name}: ${error.message}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 500));
    // B has not gone to the provider with the refresh token A spent.
    expect(idp.grantCount("refresh_token") - grants).toBe(1);
    landWrite();
    await landed;
    const tokenB = await b;
    expect(tokenB).toEqual(expect.any(String));
    expect(await userinfoStatus(idp, tokenB!)).toBe(200);
  });
});
