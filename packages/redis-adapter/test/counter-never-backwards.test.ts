/**
 * `updateAuthenticatorCounter` never moves a passkey's counter backwards, on a real redis-server:
 * one Lua script writes the counter only when it is greater than the stored one and answers the
 * hash as stored, so of two sign-ins in flight (a passkey and its clone) the clone's lower counter
 * neither replaces the higher one nor goes unnoticed by the core. An equal counter (synced
 * passkeys stay at 0) writes nothing. The script also answers whether it wrote, and an unwritten
 * counter's answer carries the COUNTER_NOT_WRITTEN mark, so the core can refuse a clone that signs
 * in with the very counter its twin stored (an equal counter answered as stored looked like its
 * own write).
 */
import { type Adapter, COUNTER_NOT_WRITTEN } from "@portcullis/core/adapters";
import { RedisAdapter } from "@portcullis/redis-adapter";
import { type RunningRedis, startRedis } from "@portcullis/testkit";
import { Redis } from "ioredis";
import { afterAll, beforeAll, expect, test } from "vitest";

let server: RunningRedis;
const clients: Redis[] = [];

beforeAll(async () => {
  server = await startRedis();
});
afterAll(async () => {
  for (const client of clients) client.disconnect();
  await server?.stop();
});

function adapter(): Required<Adapter> {
  const client = new Redis(server.url);
  clients.push(client);
  return RedisAdapter(client, { prefix: "counter:" }) as Required<Adapter>;
}

async function withPasskey(db: Required<Adapter>, counter: number): Promise<string> {
  const id = crypto.randomUUID();
  await db.createUser({ id, email: `${id}@example.test`, emailVerified: null });
  await db.createAuthenticator({
    credentialID: id,
    userId: id,
    providerAccountId: id,
    credentialPublicKey: "key",
    counter,
    credentialDeviceType: "singleDevice",
    credentialBackedUp: false,
    transports: null,
  });
  return id;
}

test("a lower counter is not written, and the stored hash is answered", async () => {
  const db = adapter();
  const id = await withPasskey(db, 0);
  expect((await db.updateAuthenticatorCounter(id, 10)).counter).toBe(10);
  expect((await db.updateAuthenticatorCounter(id, 5)).counter).toBe(10);
  expect((await db.getAuthenticator(id))?.counter).toBe(10);
});

test("an equal counter is answered as stored: a synced passkey stays at 0", async () => {
  const db = adapter();
  const id = await withPasskey(db, 0);
  expect((await db.updateAuthenticatorCounter(id, 0)).counter).toBe(0);
  expect((await db.getAuthenticator(id))?.counter).toBe(0);
});

test("of concurrent updates from several connections the stored counter ends at the highest", async () => {
  const connections = [adapter(), adapter(), adapter(), adapter()];
  const id = await withPasskey(connections[0]!, 0);
  const counters = Array.from({ length: 40 }, (_, i) => ((i * 17) % 40) + 1);
  const answered = await Promise.all(
    counters.map((counter, i) =>
      connections[i % connections.length]!.updateAuthenticatorCounter(id, counter),
    ),
  );
  // Every answer holds at least the counter it asked for: a lower one was refused, never stored.
  for (const [i, row] of answered.entries()) expect(row.counter).toBeGreaterThanOrEqual(counters[i]!);
  expect((await connections[0]!.getAuthenticator(id))?.counter).toBe(40);
});

const marked = (row: object) => (row as { [COUNTER_NOT_WRITTEN]?: true })[COUNTER_NOT_WRITTEN] === true;

test("an unwritten counter, equal or lower, is marked; a written one is not", async () => {
  const db = adapter();
  const id = await withPasskey(db, 0);
  const first = await db.updateAuthenticatorCounter(id, 7);
  expect([first.counter, marked(first)]).toEqual([7, false]);
  const same = await db.updateAuthenticatorCounter(id, 7);
  expect([same.counter, marked(same)]).toEqual([7, true]);
  expect(marked(await db.updateAuthenticatorCounter(id, 3))).toBe(true);
  expect(marked(await db.updateAuthenticatorCounter(id, 8))).toBe(false);
  expect(marked((await db.getAuthenticator(id))!)).toBe(false);
});

test("of one counter sent at once from two connections, exactly one answer is unmarked", async () => {
  const [one, two] = [adapter(), adapter()];
  const id = await withPasskey(one, 4);
  const answers = await Promise.all([
    one.updateAuthenticatorCounter(id, 9),
    two.updateAuthenticatorCounter(id, 9),
  ]);
  expect(answers.map((row) => row.counter)).toEqual([9, 9]);
  expect(answers.map(marked).sort()).toEqual([false, true]);
});

test("an unknown credential is still refused", async () => {
  await expect(adapter().updateAuthenticatorCounter(crypto.randomUUID(), 1)).rejects.toThrow(
    /no authenticator has this credential id/,
  );
});
