/**
 * Two engines (two processes of one app) sharing one SQLite database race to refresh a rotating
 * refresh token. oidc-provider revokes the whole grant when a used refresh token comes back, so
 * without a lease shared between them the loser's retry kills the winner's new tokens too.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { RateLimitStore } from "@portcullis/core";
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

/** Two engines on one database; each with the lease store given for it. */
async function twoProcesses(locks: [RateLimitStore, RateLimitStore]) {
  const file = join(dir, `${crypto.randomUUID()}.db`);
  await migrate(connect(file));
  const time = clock();
  const provider = refreshingProvider(idp);
  const configs = locks.map((lockStore) =>
    tokenConfig(provider, time, { adapter: SqlAdapter(connect(file)), accessTokens: { lockStore } }),
  );
  return { time, configs, engines: configs.map(engineOf) };
}

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
