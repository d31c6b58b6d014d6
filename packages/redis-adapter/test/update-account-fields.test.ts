/**
 * updateAccount writes every refreshed field and clears only the fields set to null, whatever the
 * fields are called. Its script once ended the list of fields to write at an empty string, so a
 * token field named "" (a provider's token answer kept whole by the app's `account()`) made it
 * delete the refreshed tokens instead of storing them.
 */
import type { Adapter, AdapterUser } from "@portcullis/core/adapters";
import { RedisAdapter } from "@portcullis/redis-adapter";
import { type RunningRedis, startRedis } from "@portcullis/testkit";
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, it } from "vitest";

let server: RunningRedis;
let client: Redis;

beforeAll(async () => {
  server = await startRedis();
  client = new Redis(server.url);
});
afterAll(async () => {
  client?.disconnect();
  await server?.stop();
});

it('updateAccount with a field named "" still stores every other refreshed token field', async () => {
  const db = RedisAdapter(client, { prefix: "rt:" }) as Required<Adapter>;
  const user: AdapterUser = { id: "u1", email: "u1@example.test", emailVerified: null };
  await db.createUser(user);
  await db.linkAccount({
    userId: "u1",
    type: "oidc",
    provider: "idp",
    providerAccountId: "alice",
    access_token: "old-access",
    refresh_token: "old-refresh",
    expires_at: 1,
  });
  const updated = await db.updateAccount({
    provider: "idp",
    providerAccountId: "alice",
    "": "x",
    access_token: "new-access",
    refresh_token: "new-refresh",
    expires_at: 2,
  });
  // Today: the script stops at the "" field name; "new-access"... are HDEL'd as field names and
  // access_token, refresh_token and expires_at keep their old values (or vanish).
  expect(updated).toMatchObject({ access_token: "new-access", refresh_token: "new-refresh", expires_at: 2 });
  const stored = await db.getAccount("alice", "idp");
  expect(stored).toMatchObject({ access_token: "new-access", refresh_token: "new-refresh", expires_at: 2 });
});

it('updateAccount with a field named "" and a field to clear does not delete untouched fields', async () => {
  const db = RedisAdapter(client, { prefix: "rt2:" }) as Required<Adapter>;
  await db.createUser({ id: "u1", email: "u2@example.test", emailVerified: null });
  await db.linkAccount({
    userId: "u1",
    type: "oidc",
    provider: "idp",
    providerAccountId: "bob",
    access_token: "a",
    refresh_token: "r",
    id_token: "keep-me",
  });
  await db.updateAccount({ provider: "idp", providerAccountId: "bob", "": "id_token", access_token: "a2" });
  const stored = await db.getAccount("bob", "idp");
  expect(stored?.id_token).toBe("keep-me");
  expect(stored?.access_token).toBe("a2");
});
