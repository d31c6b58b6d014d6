/**
 * A database session lookup that answers something other than the cookie's session with its own
 * user (a query that falls back to some row, a join on the wrong user, a shared table another app
 * writes to) reads as no session: nobody is signed in as the answered user, the answered row is
 * not deleted (it may be another user's live session), the cookie is kept as for any other adapter
 * fault, and the log names the method without naming a token. The adapter is the real memory
 * adapter, and the store the real memory store, wrapped so that only the method under test lies.
 */
import type { Adapter, AdapterSession, AdapterUser, AuthConfig, StoredSession } from "@portcullis/core";
import { memorySessionStore } from "@portcullis/core";
import { AdapterError } from "@portcullis/core/errors";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import type { TestClient } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { recordingLogger } from "../auth/helpers";
import { browser, clock, controlConfig, USERS, whoIs } from "./helpers";

const COOKIE = "authjs.session-token";

interface Found {
  session: AdapterSession;
  user: AdapterUser;
}

/** What a broken getSessionAndUser may answer for Alice's token, given her row and Bob's. */
const LOOKUP_ANSWERS: Array<[string, (alice: Found, bob: Found) => unknown]> = [
  ["another token's row and its user", (_alice, bob) => bob],
  [
    "another token's row with this session's user",
    (alice, bob) => ({ session: bob.session, user: alice.user }),
  ],
  ["this session with another user", (alice, bob) => ({ session: alice.session, user: bob.user })],
  [
    "this session with a user without an id",
    (alice) => ({ ...alice, user: { ...alice.user, id: undefined } }),
  ],
  ["no session object", (alice) => ({ user: alice.user })],
  ["no user object", (alice) => ({ session: alice.session })],
  ["something that is not an object", () => "u-alice"],
];

/** Every logged error is an AdapterError naming `method`, and none names a session token. */
function expectLoggedWithoutTokens(errors: Error[], method: string, tokens: string[]) {
  expect(errors.length).toBeGreaterThan(0);
  for (const error of errors) {
    expect(error).toBeInstanceOf(AdapterError);
    expect(error.message).toContain(method);
    for (const token of tokens) expect(error.message).not.toContain(token);
  }
}

/** Alice and Bob signed in; from `lie()` on, `answer` replaces what getSessionAndUser finds. */
async function inTable(answer: (alice: Found, bob: Found) => unknown) {
  const inner = MemoryAdapter();
  for (const user of Object.values(USERS)) await inner.createUser!({ ...user, emailVerified: null });
  const tokens = { alice: "", bob: "" };
  let lying = false;
  const adapter: Adapter = {
    ...inner,
    async getSessionAndUser(sessionToken) {
      const found = await inner.getSessionAndUser!(sessionToken);
      if (!lying || sessionToken !== tokens.alice) return found;
      const rows = [await inner.getSessionAndUser!(tokens.alice), await inner.getSessionAndUser!(tokens.bob)];
      return answer(rows[0]!, rows[1]!) as Found;
    },
  };
  const { log, logger } = recordingLogger();
  const config = controlConfig({ adapter, logger, now: clock().now, session: { strategy: "database" } });
  const alice = await browser(config, "alice");
  const bob = await browser(config, "bob");
  tokens.alice = alice.jar.get(COOKIE)!;
  tokens.bob = bob.jar.get(COOKIE)!;
  lying = true;
  return { inner, alice, bob, tokens, errors: log.errors };
}

/** Reads the session as the browser does, asserting no session and no Set-Cookie for it. */
async function expectNoSessionAndCookieKept(client: TestClient) {
  const response = await client.get("/auth/session");
  expect(response.status).toBe(200);
  expect(await response.json()).toBeNull();
  expect(response.headers.getSetCookie().filter((c) => c.startsWith(`${COOKIE}=`))).toEqual([]);
}

describe("a database session whose lookup answers another session or another user", () => {
  it.each(LOOKUP_ANSWERS)(
    "reads as no session, deleting no row, when getSessionAndUser answers %s",
    async (_name, answer) => {
      const { inner, alice, bob, tokens, errors } = await inTable(answer);

      await expectNoSessionAndCookieKept(alice);
      expect(alice.jar.get(COOKIE)).toBe(tokens.alice);
      // Who is signed in, as session control asks it: nobody, so Bob's sessions are not listed.
      expect((await alice.get("/auth/sessions")).status).toBe(401);
      expect(await inner.getSessionAndUser!(tokens.alice)).not.toBeNull();
      expect(await inner.getSessionAndUser!(tokens.bob)).not.toBeNull();
      expect(await whoIs(bob)).toBe("Bob");
      expectLoggedWithoutTokens(errors, "getSessionAndUser", [tokens.alice, tokens.bob]);
    },
  );

  it("gives no session to a made-up token when the lookup falls back to a real row", async () => {
    const inner = MemoryAdapter();
    for (const user of Object.values(USERS)) await inner.createUser!({ ...user, emailVerified: null });
    let aliceToken = "";
    const adapter: Adapter = {
      ...inner,
      getSessionAndUser: async (token) =>
        (await inner.getSessionAndUser!(token)) ?? (await inner.getSessionAndUser!(aliceToken)),
    };
    const { log, logger } = recordingLogger();
    const config: AuthConfig = controlConfig({ adapter, logger, session: { strategy: "database" } });
    const alice = await browser(config, "alice");
    aliceToken = alice.jar.get(COOKIE)!;
    const mallory = await browser(config, "bob");
    mallory.jar.set(COOKIE, "made-up-token");

    await expectNoSessionAndCookieKept(mallory);
    expect(await whoIs(alice)).toBe("Alice");
    expectLoggedWithoutTokens(log.errors, "getSessionAndUser", [aliceToken, "made-up-token"]);
  });
});

/** What a broken session store or user lookup may answer for Alice's session, given Bob's. */
const STORE_ANSWERS: Array<[string, string, { get?: (bob: StoredSession) => unknown; getUser?: true }]> = [
  ["the store's get answers another token's session", "session store's get", { get: (bob) => bob }],
  [
    "the store's get answers a session without an id",
    "session store's get",
    { get: ({ id: _, ...bob }) => bob },
  ],
  ["getUser answers another user than the session's", "getUser", { getUser: true }],
];

describe("a database session in a session store whose lookup answers another session or user", () => {
  it.each(STORE_ANSWERS)("reads as no session, deleting no session, when %s", async (_name, method, lie) => {
    const store = memorySessionStore();
    const tokens = { alice: "", bob: "" };
    let lying = false;
    const lyingStore = {
      ...store,
      get: async (id: string) =>
        lying && lie.get && id === tokens.alice ? lie.get((await store.get(tokens.bob))!) : store.get(id),
    } as typeof store;
    const adapter: Adapter = {
      getUser: (id) => {
        const user = Object.values(USERS).find((u) => u.id === (lying && lie.getUser ? USERS.bob!.id : id));
        return user ? { ...user, emailVerified: null } : null;
      },
    };
    const { log, logger } = recordingLogger();
    const config = controlConfig({ adapter, logger, session: { strategy: "database", store: lyingStore } });
    const alice = await browser(config, "alice");
    const bob = await browser(config, "bob");
    tokens.alice = alice.jar.get(COOKIE)!;
    tokens.bob = bob.jar.get(COOKIE)!;
    lying = true;

    await expectNoSessionAndCookieKept(alice);
    expect(await store.get(tokens.alice)).not.toBeNull();
    expect(await store.get(tokens.bob)).not.toBeNull();
    expectLoggedWithoutTokens(log.errors, method, [tokens.alice, tokens.bob]);
  });
});

describe("a revocable JWT session whose store answers another session's row", () => {
  it("ends once its own row is gone, whatever row the store falls back to", async () => {
    const store = memorySessionStore();
    let fallback: StoredSession | null = null;
    const lyingStore = {
      ...store,
      get: async (id: string) => (await store.get(id)) ?? fallback,
    } as typeof store;
    const config = controlConfig({ session: { strategy: "jwt", store: lyingStore, revalidateAfter: 0 } });
    const alice = await browser(config, "alice");
    const bob = await browser(config, "bob");
    fallback = (await store.listByUser!(USERS.bob!.id))[0]!;
    const [aliceSession] = await store.listByUser!(USERS.alice!.id);

    await store.delete(aliceSession!.id);

    expect(await whoIs(alice)).toBeNull();
    expect(await whoIs(bob)).toBe("Bob");
  });
});
