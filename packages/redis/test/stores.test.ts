/**
 * The Redis stores' semantics on a real redis-server: what a caller of the SessionStore and
 * RateLimitStore interfaces observes, and that `take` stays atomic under concurrent callers.
 */
import type { StoredSession } from "@portcullis/core";
import { redisRateLimitStore, redisSessionStore } from "@portcullis/redis";
import { RedisAdapter } from "@portcullis/redis-adapter";
import { type RunningRedis, startRedis } from "@portcullis/testkit";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { memoryStore } from "../../core/src/rate-limit/memory-store";

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
beforeEach(async () => {
  await client.flushdb();
});

const HOUR = 3_600_000;

/** A session of `userId` expiring in an hour, with every detail set. */
function session(id: string, userId = "u1", extra: Partial<StoredSession> = {}): StoredSession {
  const now = Date.now();
  return {
    id,
    userId,
    expires: new Date(now + HOUR),
    createdAt: new Date(now - 1000),
    lastSeenAt: new Date(now - 500),
    userAgent: "Browser/1.0",
    provider: "idp",
    idpSessionId: "idp-session",
    idToken: "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1MSJ9.c2lnbmF0dXJl",
    ...extra,
  };
}

const ids = (sessions: StoredSession[]) => sessions.map((s) => s.id).sort();

describe("redisSessionStore", () => {
  const cases: { name: string; run: (store: ReturnType<typeof redisSessionStore>) => Promise<void> }[] = [
    {
      name: "get answers what create stored, dates and details included",
      run: async (store) => {
        const s = session("a");
        await store.create(s);
        expect(await store.get("a")).toEqual(s);
      },
    },
    {
      name: "absent details come back as null",
      run: async (store) => {
        const s = { id: "a", userId: "u1", expires: new Date(Date.now() + HOUR) };
        await store.create(s);
        expect(await store.get("a")).toEqual({ ...s, createdAt: null, lastSeenAt: null, userAgent: null });
      },
    },
    {
      name: "get answers null for an unknown id",
      run: async (store) => {
        expect(await store.get("nope")).toBeNull();
      },
    },
    {
      name: "touch moves lastSeenAt and expires, and keeps the rest",
      run: async (store) => {
        const s = session("a");
        await store.create(s);
        const changes = { lastSeenAt: new Date(Date.now() + 10), expires: new Date(Date.now() + 2 * HOUR) };
        await store.touch("a", changes);
        expect(await store.get("a")).toEqual({ ...s, ...changes });
      },
    },
    {
      name: "touch does not bring a deleted session back",
      run: async (store) => {
        await store.create(session("a"));
        await store.delete("a");
        await store.touch("a", { lastSeenAt: new Date(), expires: new Date(Date.now() + HOUR) });
        expect(await store.get("a")).toBeNull();
        expect(await store.listByUser("u1")).toEqual([]);
      },
    },
    {
      name: "delete answers whether the session was there",
      run: async (store) => {
        await store.create(session("a"));
        expect(await store.delete("a")).toBe(true);
        expect(await store.delete("a")).toBe(false);
        expect(await store.get("a")).toBeNull();
      },
    },
    {
      name: "listByUser answers the user's sessions only",
      run: async (store) => {
        await store.create(session("a"));
        await store.create(session("b"));
        await store.create(session("c", "u2"));
        expect(ids(await store.listByUser("u1"))).toEqual(["a", "b"]);
        expect(ids(await store.listByUser("u2"))).toEqual(["c"]);
        expect(await store.listByUser("u3")).toEqual([]);
      },
    },
    {
      name: "a session expires in Redis at its expires, and listByUser drops its id",
      run: async (store) => {
        await store.create(session("short", "u1", { expires: new Date(Date.now() + 200) }));
        await store.create(session("long"));
        await new Promise((resolve) => setTimeout(resolve, 300));
        expect(await store.get("short")).toBeNull();
        expect(ids(await store.listByUser("u1"))).toEqual(["long"]);
        expect(await client.smembers("portcullis:user-sessions:u1")).toEqual(["long"]);
      },
    },
    {
      name: "deleteByUser removes every session of the user but `except`, and counts them",
      run: async (store) => {
        for (const id of ["a", "b", "c"]) await store.create(session(id));
        await store.create(session("d", "u2"));
        expect(await store.deleteByUser("u1", "b")).toBe(2);
        expect(ids(await store.listByUser("u1"))).toEqual(["b"]);
        expect(await store.get("a")).toBeNull();
        expect(await store.get("d")).not.toBeNull();
        expect(await store.deleteByUser("u1")).toBe(1);
        expect(await store.deleteByUser("u1")).toBe(0);
        expect(await store.listByUser("u1")).toEqual([]);
      },
    },
    {
      name: "deleteByIdpSession removes that provider session's sessions of every user, answers them, and keeps the rest",
      run: async (store) => {
        const sessions = [
          session("a", "u1"),
          session("b", "u2"),
          session("same-sid-other-provider", "u1", { provider: "other" }),
          session("other-sid", "u1", { idpSessionId: "another" }),
          // The set's key puts the provider's length first: this pair cannot land in idp/idp-session's set.
          session("colons", "u1", { provider: "idp:idp", idpSessionId: "session" }),
        ];
        for (const s of sessions) await store.create(s);

        const deleted = await store.deleteByIdpSession!("idp", "idp-session");

        expect([...deleted].sort((x, y) => x.id.localeCompare(y.id))).toEqual([sessions[0], sessions[1]]);
        expect(await store.get("a")).toBeNull();
        expect(await store.get("b")).toBeNull();
        expect(ids(await store.listByUser("u1"))).toEqual(["colons", "other-sid", "same-sid-other-provider"]);
        expect(await store.listByUser("u2")).toEqual([]);
        expect(await store.deleteByIdpSession!("idp", "idp-session")).toEqual([]);
        expect((await store.deleteByIdpSession!("idp:idp", "session")).map((s) => s.id)).toEqual(["colons"]);
      },
    },
    {
      name: "deleteByIdpSession skips sessions deleted, revoked or expired before, and the set is tidied with them",
      run: async (store) => {
        await store.create(session("deleted"));
        await store.create(session("revoked", "u2"));
        await store.create(session("expired", "u3", { expires: new Date(Date.now() + 200) }));
        await store.create(session("kept", "u4"));
        await store.delete("deleted");
        await store.deleteByUser("u2");
        const set = "portcullis:idp-sessions:3:idp:idp-session";
        expect((await client.smembers(set)).sort()).toEqual(["expired", "kept"]);
        await new Promise((resolve) => setTimeout(resolve, 300));

        expect((await store.deleteByIdpSession!("idp", "idp-session")).map((s) => s.id)).toEqual(["kept"]);
        expect(await client.exists(set)).toBe(0);
      },
    },
    {
      name: "the provider session's set expires with its longest session, and touch extends it",
      run: async (store) => {
        const set = "portcullis:idp-sessions:3:idp:idp-session";
        await store.create(session("a", "u1", { expires: new Date(Date.now() + 10_000) }));
        const first = await client.pttl(set);
        expect(first).toBeGreaterThan(8_000);
        expect(first).toBeLessThanOrEqual(10_000);
        await store.touch("a", { lastSeenAt: new Date(), expires: new Date(Date.now() + HOUR) });
        expect(await client.pttl(set)).toBeGreaterThan(HOUR - 5_000);
      },
    },
    {
      name: "keys carry the prefix, so two stores with different prefixes never meet",
      run: async (store) => {
        const other = redisSessionStore(client, { prefix: "other:" });
        await store.create(session("a"));
        await other.create(session("b"));
        expect(ids(await store.listByUser("u1"))).toEqual(["a"]);
        expect(await other.get("a")).toBeNull();
        expect((await client.keys("other:*")).sort()).toEqual([
          "other:idp-sessions:3:idp:idp-session",
          "other:session:b",
          "other:user-sessions:u1",
        ]);
      },
    },
  ];
  for (const { name, run } of cases) it(name, () => run(redisSessionStore(client)));

  it("each key expires with the session; the user's set with the user's longest session", async () => {
    const store = redisSessionStore(client);
    await store.create(session("a", "u1", { expires: new Date(Date.now() + HOUR) }));
    await store.create(session("b", "u1", { expires: new Date(Date.now() + 2 * HOUR) }));
    const ttl = async (key: string) => Math.round((await client.pttl(key)) / HOUR);
    expect(await ttl("portcullis:session:a")).toBe(1);
    expect(await ttl("portcullis:session:b")).toBe(2);
    expect(await ttl("portcullis:user-sessions:u1")).toBe(2);
    await store.touch("a", { lastSeenAt: new Date(), expires: new Date(Date.now() + 3 * HOUR) });
    expect(await ttl("portcullis:session:a")).toBe(3);
    expect(await ttl("portcullis:user-sessions:u1")).toBe(3);
  });
});

describe("redisRateLimitStore", () => {
  const WINDOW = 60_000;
  const T = Date.UTC(2026, 0, 1);
  const cases: { name: string; steps: [op: "take" | "refund", at: number, expected?: boolean][] }[] = [
    {
      name: "allows max events in a window, then refuses",
      steps: [
        ["take", T, true],
        ["take", T + 1, true],
        ["take", T + 2, true],
        ["take", T + 3, false],
      ],
    },
    {
      name: "a refused take records nothing",
      steps: [
        ["take", T, true],
        ["take", T + 1, true],
        ["take", T + 2, true],
        ["take", T + 3, false],
        ["take", T + WINDOW, true],
      ],
    },
    {
      name: "events leave the window after windowMs (sliding, not fixed)",
      steps: [
        ["take", T, true],
        ["take", T + 30_000, true],
        ["take", T + 40_000, true],
        ["take", T + WINDOW - 1, false],
        ["take", T + WINDOW, true],
        ["take", T + WINDOW + 1, false],
      ],
    },
    {
      name: "events in the same millisecond count separately",
      steps: [
        ["take", T, true],
        ["take", T, true],
        ["take", T, true],
        ["take", T, false],
      ],
    },
    {
      name: "refund removes the event recorded at that time, freeing one slot",
      steps: [
        ["take", T, true],
        ["take", T + 1, true],
        ["take", T + 2, true],
        ["refund", T + 1],
        ["take", T + 3, true],
        ["take", T + 4, false],
      ],
    },
    {
      name: "refund at a time with no event changes nothing",
      steps: [
        ["take", T, true],
        ["take", T + 1, true],
        ["take", T + 2, true],
        ["refund", T + 5],
        ["take", T + 6, false],
      ],
    },
  ];
  for (const { name, steps } of cases)
    it(name, async () => {
      const store = redisRateLimitStore(client);
      const seen: (boolean | undefined)[] = [];
      for (const [op, at] of steps) {
        if (op === "take") seen.push(await store.take("k", 3, WINDOW, at));
        else seen.push(void (await store.refund("k", at)));
      }
      expect(seen).toEqual(steps.map(([, , expected]) => expected));
    });

  it("keys are separate and carry the prefix, and expire one window after the last event", async () => {
    const store = redisRateLimitStore(client, { prefix: "app:" });
    expect(await store.take("k1", 1, WINDOW, T)).toBe(true);
    expect(await store.take("k1", 1, WINDOW, T)).toBe(false);
    expect(await store.take("k2", 1, WINDOW, T)).toBe(true);
    expect((await client.keys("*")).sort()).toEqual(["app:rate-limit:k1", "app:rate-limit:k2"]);
    expect(await client.pttl("app:rate-limit:k1")).toBeGreaterThan(WINDOW - 1000);
  });

  it("lets exactly max of 50 concurrent takes through, each on its own connection", async () => {
    const clients = Array.from({ length: 50 }, () => new Redis(server.url));
    try {
      // Every connection is open before the burst, so the takes reach Redis together.
      await Promise.all(clients.map((c) => c.ping()));
      const now = Date.now();
      const results = await Promise.all(
        clients.map((c) => redisRateLimitStore(c).take("burst", 7, WINDOW, now)),
      );
      expect(results.filter(Boolean)).toHaveLength(7);
      expect(await client.zcard("portcullis:rate-limit:burst")).toBe(7);
    } finally {
      for (const c of clients) c.disconnect();
    }
  });
});

// PEXPIRE takes whole milliseconds only: a window of 16.1 s (16100.000000000002 ms in floating
// point), 2.01 s or 1e16 s once made every take throw, refusing sign-ins as a Redis outage.
describe("a window the core accepts (any positive finite windowSeconds)", () => {
  for (const windowSeconds of [16.1, 2.01, 0.0005, 1e16]) {
    it(`a window of ${windowSeconds} s counts like the memory store instead of throwing`, async () => {
      const windowMs = windowSeconds * 1000;
      const now = Date.now();
      const redis = redisRateLimitStore(client, { prefix: `rt-${windowSeconds}:` });
      const memory = memoryStore();
      expect(await memory.take("k", 1, windowMs, now)).toBe(true);
      await expect(redis.take("k", 1, windowMs, now)).resolves.toBe(true);
      await expect(redis.take("k", 1, windowMs, now)).resolves.toBe(false);
    });
  }
});

// Answers the stores did not expect: a flushed script cache, and a key of another type under a
// rate-limit key, which must make take fail (the core then refuses: fail closed), never allow.
describe("unexpected Redis answers", () => {
  it("every store runs its scripts again after SCRIPT FLUSH", async () => {
    const limits = redisRateLimitStore(client);
    const sessions = redisSessionStore(client);
    const adapter = RedisAdapter(client);
    const now = Date.now();
    expect(await limits.take("a", 2, 60_000, now)).toBe(true);
    await client.script("FLUSH");
    expect(await limits.take("a", 2, 60_000, now + 1)).toBe(true);
    expect(await limits.take("a", 2, 60_000, now + 2)).toBe(false);
    await client.script("FLUSH");
    await sessions.create({ id: "s1", userId: "u1", expires: new Date(now + 60_000) });
    await client.script("FLUSH");
    expect(await sessions.deleteByUser("u1")).toBe(1);
    await client.script("FLUSH");
    await adapter.createUser!({ id: "u1", email: "u1@example.test", emailVerified: null });
    await client.script("FLUSH");
    expect(await adapter.getUserByEmail!("u1@example.test")).toMatchObject({ id: "u1" });
  });

  it("a rate-limit key holding another type makes take fail, never allow", async () => {
    const limits = redisRateLimitStore(client, { prefix: "wt:" });
    await client.set("wt:rate-limit:victim", "x");
    await expect(limits.take("victim", 5, 60_000, Date.now())).rejects.toThrow(/WRONGTYPE/);
  });
});
