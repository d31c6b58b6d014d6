/**
 * A Lua script blocks the one Redis every process shares, so what a sign-in's script does must
 * not grow with the user's history. Credentials successes are not rate limited and each leaves a
 * 30-day session: an account signed in 20,000 times once made every further sign-in read all
 * 20,000 session hashes in one script (to drop the tokens of removed sessions from the user's
 * set), and everyone else's requests waited behind it. The user's sessions are now a sorted set
 * scored by when Redis removes each one, so the removed ones go by score, without a read.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { RedisAdapter } from "@portcullis/redis-adapter";
import { type RunningRedis, startRedis, TestClient } from "@portcullis/testkit";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const PREFIX = "cost:";
const ORIGIN = "http://localhost:3000";
const EARLIER_SIGN_INS = 20_000;
/** Of those, how many sessions Redis has removed already (their tokens still in the set). */
const REMOVED = 500;
let server: RunningRedis;
let client: Redis;

beforeAll(async () => {
  server = await startRedis();
  client = new Redis(server.url);
}, 60_000);
afterAll(async () => {
  client?.disconnect();
  await server?.stop();
});

/** How many HGETALLs Redis has run (scripts' calls included). */
async function hgetallCalls(): Promise<number> {
  const stats = await client.info("commandstats");
  return Number(/cmdstat_hgetall:calls=(\d+)/.exec(stats)?.[1] ?? 0);
}

describe("Redis adapter: the cost of a sign-in does not grow with the user's number of sessions", () => {
  it("a sign-in reads no other session, and drops the tokens of removed sessions by their score", async () => {
    const adapter = RedisAdapter(client, { prefix: PREFIX });
    await adapter.createUser!({ id: "mallory", email: "mallory@example.test", emailVerified: null });
    // The sessions earlier sign-ins left, in the adapter's layout (a hash expiring with the
    // session, its token in the user's sorted set scored by that time), written in one pipeline
    // to keep the test fast. The first REMOVED have expired: Redis has removed their hashes.
    const live = Date.now() + 30 * 86_400_000;
    const pipeline = client.pipeline();
    for (let i = 0; i < EARLIER_SIGN_INS; i++) {
      const token = `earlier-${i}`;
      const expires = i < REMOVED ? Date.now() - 60_000 : live;
      if (expires === live) {
        const key = `${PREFIX}session:${token}`;
        pipeline.hset(key, {
          sessionToken: JSON.stringify(token),
          userId: JSON.stringify("mallory"),
          expires: JSON.stringify(expires),
        });
        pipeline.pexpireat(key, expires);
      }
      pipeline.zadd(`${PREFIX}user-sessions:mallory`, expires, token);
    }
    await pipeline.exec();

    const config: AuthConfig = {
      secret: "test-secret-with-at-least-thirty-two-chars",
      trustHost: true,
      adapter,
      session: { strategy: "database" },
      providers: [
        Credentials({
          credentials: { username: {}, password: {} },
          authorize: async ({ username }) => (username === "mallory" ? { id: "mallory" } : null),
        }),
      ],
    };
    const browser = new TestClient((request) => Auth(request, config), ORIGIN);
    const csrfToken = await browser.csrfToken();
    const before = await hgetallCalls();
    const response = await browser.post("/auth/callback/credentials", {
      form: { csrfToken, username: "mallory", password: "x" },
    });
    const reads = (await hgetallCalls()) - before;
    expect(response.headers.get("location")).toBe(ORIGIN);
    // The user, read back by the sign-in; a sweep of the set read all 20,000 sessions.
    expect(reads).toBeLessThan(10);

    const tokens = await client.zrange(`${PREFIX}user-sessions:mallory`, 0, -1);
    expect(tokens).toHaveLength(EARLIER_SIGN_INS - REMOVED + 1);
    expect(tokens).not.toContain("earlier-0");
    expect(tokens).toContain(browser.jar.get("authjs.session-token"));
  });
});
