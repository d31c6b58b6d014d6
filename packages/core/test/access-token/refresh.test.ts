/** getAccessToken with tokens on the account row: reading, refreshing with rotation, once for many callers. */
import type { AdapterAccount } from "@portcullis/core/adapters";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import type { TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessionOf } from "../oauth/helpers";
import {
  ACCESS_TOKEN_TTL,
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
beforeAll(async () => {
  idp = await startRefreshingIdp();
});
afterAll(() => idp.stop());

function setup() {
  const adapter = MemoryAdapter();
  const time = clock();
  const config = tokenConfig(refreshingProvider(idp), time, { adapter });
  return { adapter, time, config, engine: engineOf(config) };
}

describe("getAccessToken with the account row (database sessions)", () => {
  it("answers the stored token while it is fresh, without asking the provider", async () => {
    const { adapter, config, engine } = setup();
    const client = await signedIn(config, idp);
    const stored = await adapter.getAccount!("alice", "idp");
    const grants = idp.grantCount("refresh_token");
    const token = await accessToken(engine, client);
    expect(token).toEqual({
      accessToken: stored!.access_token,
      tokenType: "bearer",
      expiresAt: stored!.expires_at,
      scope: stored!.scope,
      cookies: [],
    });
    expect(idp.grantCount("refresh_token")).toBe(grants);
  });

  /** The setup, with the adapter answering every account's expires_at as `asStored` makes it. */
  function storedAs(asStored: (seconds: number) => unknown) {
    const context = setup();
    const { adapter } = context;
    const wide = (account: AdapterAccount | null) =>
      account && ({ ...account, expires_at: asStored(account.expires_at!) } as unknown as AdapterAccount);
    const { getAccount, listAccountsByUser } = adapter;
    adapter.getAccount = async (...args) => wide(await getAccount!(...args));
    adapter.listAccountsByUser = async (userId) => (await listAccountsByUser!(userId)).map((a) => wide(a)!);
    return { ...context, stored: () => getAccount!("alice", "idp") };
  }

  it.each([
    ["a bigint, as Prisma answers a BigInt field", (seconds: number) => BigInt(seconds)],
    ["a decimal string, as node-postgres answers a bigint column", (seconds: number) => String(seconds)],
  ])(
    "reads an expires_at the database answers as %s, and answers the fresh token without a refresh",
    async (_what, asStored) => {
      const { config, engine, stored } = storedAs(asStored);
      const client = await signedIn(config, idp);
      const before = await stored();
      const grants = idp.grantCount("refresh_token");
      const token = await accessToken(engine, client);
      expect(token).toMatchObject({ accessToken: before!.access_token, expiresAt: before!.expires_at });
      expect(idp.grantCount("refresh_token")).toBe(grants);
    },
  );

  it.each([
    ["text that is not a number", () => "in an hour"],
    ["a negative number as text", (seconds: number) => `-${seconds}`],
    ["an object", (seconds: number) => ({ seconds })],
    ["a number past 15 digits as text", () => "9".repeat(20)],
  ])(
    "treats an expires_at answered as %s as unknown: the token is refreshed, not trusted",
    async (_what, asStored) => {
      const { config, engine, stored } = storedAs(asStored);
      const client = await signedIn(config, idp);
      const before = await stored();
      const grants = idp.grantCount("refresh_token");
      const token = await accessToken(engine, client);
      expect(idp.grantCount("refresh_token")).toBe(grants + 1);
      expect(token!.accessToken).not.toBe(before!.access_token);
      expect(await userinfoStatus(idp, token!.accessToken)).toBe(200);
    },
  );

  it("refreshes a token that expires within the margin, stores the rotated set, and the new token works", async () => {
    const { adapter, time, config, engine } = setup();
    const client = await signedIn(config, idp);
    const before = (await adapter.getAccount!("alice", "idp"))!;
    expect(before.refresh_token).toEqual(expect.any(String));
    time.advance(NEAR_EXPIRY);
    const grants = idp.grantCount("refresh_token");
    const asked = Math.floor(time.now() / 1000);
    const token = await accessToken(engine, client);
    expect(idp.grantCount("refresh_token")).toBe(grants + 1);
    expect(token!.accessToken).not.toBe(before.access_token);
    expect(token!.expiresAt).toBeGreaterThanOrEqual(asked + ACCESS_TOKEN_TTL);
    expect(token!.expiresAt).toBeLessThanOrEqual(Math.floor(time.now() / 1000) + ACCESS_TOKEN_TTL);
    expect(await userinfoStatus(idp, token!.accessToken)).toBe(200);
    const after = (await adapter.getAccount!("alice", "idp"))!;
    expect(after).toMatchObject({
      access_token: token!.accessToken,
      expires_at: token!.expiresAt,
      userId: before.userId,
    });
    // The provider rotates: a new refresh token replaced the used one.
    expect(after.refresh_token).toEqual(expect.any(String));
    expect(after.refresh_token).not.toBe(before.refresh_token);
    // The next call finds the new token fresh.
    expect((await accessToken(engine, client))!.accessToken).toBe(token!.accessToken);
    expect(idp.grantCount("refresh_token")).toBe(grants + 1);
    expect(await sessionOf(client)).toMatchObject({ user: { email: "alice@example.test" } });
  });

  it("refreshes again when the new token nears its expiry, with the rotated refresh token", async () => {
    const { time, config, engine } = setup();
    const client = await signedIn(config, idp);
    time.advance(NEAR_EXPIRY);
    const first = await accessToken(engine, client);
    time.advance(NEAR_EXPIRY);
    const second = await accessToken(engine, client);
    expect(second!.accessToken).not.toBe(first!.accessToken);
    expect(await userinfoStatus(idp, second!.accessToken)).toBe(200);
  });

  it("lets 20 parallel calls of one user share one refresh", async () => {
    const { time, config, engine } = setup();
    const client = await signedIn(config, idp);
    time.advance(NEAR_EXPIRY);
    const grants = idp.grantCount("refresh_token");
    const tokens = await Promise.all(Array.from({ length: 20 }, () => accessToken(engine, client)));
    expect(idp.grantCount("refresh_token")).toBe(grants + 1);
    expect(new Set(tokens.map((t) => t!.accessToken)).size).toBe(1);
    expect(await userinfoStatus(idp, tokens[0]!.accessToken)).toBe(200);
  });

  it("answers null when signed out, or for a user who never signed in with the provider", async () => {
    const { config, engine } = setup();
    const client = await signedIn(config, idp);
    expect(await engine.getAccessToken("idp", { headers: {}, origin: "http://localhost:3000" })).toBeNull();
    const other = { ...config, providers: [...config.providers, refreshingProvider(idp, { id: "second" })] };
    expect(
      await engineOf(other).getAccessToken("second", {
        headers: { cookie: client.jar.header()! },
        origin: "http://localhost:3000",
      }),
    ).toBeNull();
  });
});

describe("getAccessToken with the account row under JWT sessions", () => {
  it("reads and refreshes the account row of the JWT's user, and sets no cookie", async () => {
    const adapter = MemoryAdapter();
    const time = clock();
    const config = tokenConfig(refreshingProvider(idp, { keepTokensInJwt: true }), time, {
      adapter,
      session: { strategy: "jwt" },
    });
    const engine = engineOf(config);
    const client = await signedIn(config, idp);
    const before = (await adapter.getAccount!("alice", "idp"))!;
    expect((await accessToken(engine, client))!.accessToken).toBe(before.access_token);
    time.advance(NEAR_EXPIRY);
    const refreshed = await accessToken(engine, client);
    expect(refreshed!.cookies).toEqual([]);
    expect((await adapter.getAccount!("alice", "idp"))!.access_token).toBe(refreshed!.accessToken);
    expect(await userinfoStatus(idp, refreshed!.accessToken)).toBe(200);
  });
});
