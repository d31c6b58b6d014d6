/**
 * A user's sessions index is a sorted set; an earlier build kept it as a plain set of tokens. A
 * Redis holding data written that way keeps working: the user signs in again, lists their
 * sessions, and can be deleted, and each old set is filed again as a sorted one on first use.
 */
import type { Adapter, AdapterUser } from "@portcullis/core/adapters";
import { RedisAdapter } from "@portcullis/redis-adapter";
import { type RunningRedis, startRedis } from "@portcullis/testkit";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

let server: RunningRedis;
let client: Redis;
const PREFIX = "prev:";
const DAY = 86_400_000;

beforeAll(async () => {
  server = await startRedis();
  client = new Redis(server.url);
});
afterAll(async () => {
  client?.disconnect();
  await server?.stop();
});
beforeEach(async () => {
  await client.flushdb();
});

const db = () => RedisAdapter(client, { prefix: PREFIX }) as Required<Adapter>;

/** A user with one session, its index stored as the adapter stored it before 6ad97a3: a set. */
async function userWithPreviousLayoutSession(): Promise<{ user: AdapterUser; token: string }> {
  const adapter = db();
  const id = crypto.randomUUID();
  const user = await adapter.createUser({ id, email: `${id}@example.test`, emailVerified: null });
  const token = crypto.randomUUID();
  await adapter.createSession({ sessionToken: token, userId: id, expires: new Date(Date.now() + DAY) });
  const index = `${PREFIX}user-sessions:${id}`;
  await client.del(index);
  await client.sadd(index, token);
  await client.pexpireat(index, Date.now() + DAY);
  return { user, token };
}

describe("sessions written by the previous layout (a set of tokens per user)", () => {
  it("a user who signed in before the upgrade can sign in again", async () => {
    const { user } = await userWithPreviousLayoutSession();
    const created = db().createSession({
      sessionToken: crypto.randomUUID(),
      userId: user.id,
      expires: new Date(Date.now() + DAY),
    });
    await expect(created).resolves.toMatchObject({ userId: user.id });
  });

  it("the sessions they had are listed", async () => {
    const { user, token } = await userWithPreviousLayoutSession();
    const listed = await db().listSessionsByUser(user.id);
    expect(listed.map((s) => s.sessionToken)).toEqual([token]);
    expect(await client.type(`${PREFIX}user-sessions:${user.id}`)).toBe("zset");
  });

  it("deleting the user succeeds and takes the old session with it", async () => {
    const { user, token } = await userWithPreviousLayoutSession();
    await db().deleteUser(user.id);
    expect(await db().getUser(user.id)).toBeNull();
    expect(await db().getSessionAndUser(token)).toBeNull();
  });
});
