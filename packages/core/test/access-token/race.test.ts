/**
 * Two engines (two processes of one app) sharing one SQLite database race to refresh a rotating
 * refresh token. oidc-provider revokes the whole grant when a used refresh token comes back, so
 * without a lease shared between them the loser's retry kills the winner's new tokens too. The
 * lease must also outlast everything its holder may still do under it (read the account, refresh
 * at the provider, store the rotated tokens, each under its own time-out), or the other process
 * takes it, reads the old tokens and sends the refresh token the holder already used.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Adapter, AuthConfig, RateLimitStore } from "@portcullis/core";
import { memoryStore } from "@portcullis/core/rate-limit/memory-store";
import { migrate, SqlAdapter } from "@portcullis/sql-adapter";
import type { TestOpenIdProvider } from "@portcullis/testkit";
import Database from "better-sqlite3";
import { Kysely, SqliteDialect } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionOf } from "../oauth/helpers";
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
  dir = mkdtempSync(join(tmpdir(), "portcullis-tokens-"));
});
afterAll(async () => {
  await Promise.all(connections.map((db) => db.destroy()));
  rmSync(dir, { recursive: true, force: true });
  await idp.stop();
});

/** A connection of its own to the database file, as another process would have. */
function connect(file: string): Kysely<unknown> {
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: new Database(file) }) });
  connections.push(db);
  return db;
}

/**
 * Two engines on one database; each with the lease store given for it. `firstAdapter` may stand
 * in front of the first one's adapter (a slow database, say); `overrides` go to both.
 */
async function twoProcesses(
  locks: [RateLimitStore, RateLimitStore],
  { firstAdapter = (adapter: Adapter) => adapter, overrides = {} as Partial<AuthConfig> } = {},
) {
  const file = join(dir, `${crypto.randomUUID()}.db`);
  await migrate(connect(file));
  const time = clock();
  const provider = refreshingProvider(idp);
  const configs = locks.map((lockStore, i) => {
    const adapter = SqlAdapter(connect(file));
    return tokenConfig(provider, time, {
      adapter: i === 0 ? firstAdapter(adapter) : adapter,
      accessTokens: { lockStore },
      ...overrides,
    });
  });
  return { time, configs, engines: configs.map(engineOf) };
}

/** A promise and the function that settles it. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

/** What the call answered: the access token, or the error's name and message. */
const outcome = (call: ReturnType<typeof accessToken>) =>
  call.then(
    (token) => token?.accessToken,
    (error: Error) => `${error.name}: ${error.message}`,
  );

describe("two processes refreshing one account", () => {
  it("with one lease store, refresh once: both end with a working token and the user stays signed in", async () => {
    const shared = memoryStore();
    const { time, configs, engines } = await twoProcesses([shared, shared]);
    const client = await signedIn(configs[0]!, idp);
    time.advance(NEAR_EXPIRY);
    const grants = idp.grantCount("refresh_token");
    const tokens = await Promise.all(
      Array.from({ length: 10 }, (_, i) => accessToken(engines[i % 2]!, client)),
    );
    expect(idp.grantCount("refresh_token")).toBe(grants + 1);
    expect(new Set(tokens.map((t) => t!.accessToken)).size).toBe(1);
    expect(await userinfoStatus(idp, tokens[0]!.accessToken)).toBe(200);
    expect(await sessionOf(client)).toMatchObject({ user: { email: "alice@example.test" } });
    // The grant is alive: the stored (rotated) refresh token still refreshes, in either process.
    time.advance(NEAR_EXPIRY);
    const later = await accessToken(engines[1]!, client);
    expect(later!.accessToken).not.toBe(tokens[0]!.accessToken);
    expect(await userinfoStatus(idp, later!.accessToken)).toBe(200);
  });

  it("without a shared lease store the second refresh revokes the grant (why the lease exists)", async () => {
    const { time, configs, engines } = await twoProcesses([memoryStore(), memoryStore()]);
    const client = await signedIn(configs[0]!, idp);
    time.advance(NEAR_EXPIRY);
    const [first, second] = await Promise.allSettled([
      accessToken(engines[0]!, client),
      accessToken(engines[1]!, client),
    ]);
    const answered = [first, second].flatMap((r) =>
      r.status === "fulfilled" && r.value ? [r.value.accessToken] : [],
    );
    const statuses = await Promise.all(answered.map((token) => userinfoStatus(idp, token)));
    expect(idp.grantCount("refresh_token")).toBeGreaterThanOrEqual(2);
    expect(statuses.every((status) => status === 401)).toBe(true);
  });
});

describe("the refresh lease", () => {
  it("lasts while its holder still stores the rotated tokens: the other process waits instead of refreshing with the spent token", async () => {
    const shared = memoryStore();
    // Process A's database is slow to write the refreshed tokens: 9 s of the app's clock, within
    // the adapter time-out of 10 s, with `timeouts.http` at 3 s. The clock is moved, not waited on.
    const writing = gate();
    const slow = gate();
    const { time, configs, engines } = await twoProcesses([shared, shared], {
      firstAdapter: (base) => ({
        ...base,
        updateAccount: async (account) => {
          writing.open();
          await slow.opened;
          return base.updateAccount!(account);
        },
      }),
      overrides: { timeouts: { http: 3000 } },
    });
    const client = await signedIn(configs[0]!, idp);
    time.advance(NEAR_EXPIRY);
    const grants = idp.grantCount("refresh_token");

    const a = accessToken(engines[0]!, client);
    await writing.opened; // A has refreshed at the provider and is storing the rotated tokens ...
    time.advance(9); // ... for 9 seconds.
    const b = outcome(accessToken(engines[1]!, client));
    // B must wait for A's write, not go to the provider with the refresh token A has used.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const grantsWhileAWrites = idp.grantCount("refresh_token") - grants;
    slow.open();
    const tokenA = (await a)!.accessToken;

    expect(grantsWhileAWrites).toBe(1);
    // B took the tokens A stored, and the grant is alive.
    expect(await b).toBe(tokenA);
    expect(await userinfoStatus(idp, tokenA)).toBe(200);
  });

  it("is left to lapse when the holder's store failed: the write may still land, and the other process waits for it", async () => {
    const shared = memoryStore();
    // Process A's write of the rotated tokens times out in A, but the database finishes it later.
    const late = gate();
    let landed: Promise<unknown> = Promise.resolve();
    const { time, configs, engines } = await twoProcesses([shared, shared], {
      firstAdapter: (base) => ({
        ...base,
        updateAccount: async (account) => {
          landed = late.opened.then(() => base.updateAccount!(account));
          throw new Error("Query timed out");
        },
      }),
    });
    const client = await signedIn(configs[0]!, idp);
    time.advance(NEAR_EXPIRY);
    const grants = idp.grantCount("refresh_token");

    await expect(accessToken(engines[0]!, client)).rejects.toThrow(/updateAccount/);
    const b = outcome(accessToken(engines[1]!, client));
    await new Promise((resolve) => setTimeout(resolve, 500));
    // B has not gone to the provider with the refresh token A spent.
    expect(idp.grantCount("refresh_token") - grants).toBe(1);
    late.open();
    await landed;
    const tokenB = await b;
    expect(tokenB).toEqual(expect.any(String));
    expect(await userinfoStatus(idp, tokenB!)).toBe(200);
  });
});
