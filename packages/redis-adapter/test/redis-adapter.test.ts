/**
 * What the Redis adapter adds to the conformance suite, on a real redis-server: expiry by Redis
 * itself, single use of a token under many concurrent connections, indexes that leave nothing
 * behind, and hashes written badly by another program reported with their key.
 */
import type { Adapter, AdapterUser } from "@portcullis/core/adapters";
import { AdapterError } from "@portcullis/core/errors";
import { RedisAdapter } from "@portcullis/redis-adapter";
import { type RunningRedis, startRedis } from "@portcullis/testkit";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

let server: RunningRedis;
let client: Redis;
const PREFIX = "test:";

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
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const adapter = (options: Parameters<typeof RedisAdapter>[1] = {}) =>
  RedisAdapter(client, { prefix: PREFIX, ...options }) as Required<Adapter>;

async function newUser(db: Required<Adapter>, overrides: Partial<AdapterUser> = {}): Promise<AdapterUser> {
  const id = crypto.randomUUID();
  return db.createUser({ id, email: `${id}@example.test`, emailVerified: null, ...overrides });
}

/** Every key of the database, sorted. */
async function allKeys(): Promise<string[]> {
  const found: string[] = [];
  let cursor = "0";
  do {
    const [next, batch] = await client.scan(cursor, "COUNT", 1000);
    found.push(...batch);
    cursor = next;
  } while (cursor !== "0");
  return found.sort();
}

describe("expiry in Redis", () => {
  it("Redis removes a session at its expires: the key is gone, not just filtered", async () => {
    const db = adapter();
    const user = await newUser(db);
    const session = { sessionToken: "short", userId: user.id, expires: new Date(Date.now() + 300) };
    await db.createSession(session);
    const ttl = await client.pttl(`${PREFIX}session:short`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(300);
    expect(await db.getSessionAndUser("short")).toMatchObject({ session });
    await sleep(450);
    expect(await client.exists(`${PREFIX}session:short`)).toBe(0);
    expect(await db.getSessionAndUser("short")).toBeNull();
    expect(await db.listSessionsByUser(user.id)).toEqual([]);
    expect(await client.zrange(`${PREFIX}user-sessions:${user.id}`, 0, -1)).toEqual([]);
  });

  it("a user's sessions are scored by when Redis removes them, which the set itself lasts as long as", async () => {
    const db = adapter({ keepExpiredSessionsFor: 60 });
    const user = await newUser(db);
    const set = `${PREFIX}user-sessions:${user.id}`;
    const expires = Date.now() + HOUR;
    await db.createSession({ sessionToken: "s1", userId: user.id, expires: new Date(expires) });
    await db.createSession({ sessionToken: "s2", userId: user.id, expires: new Date(Date.now() + 1000) });
    const score = Number(await client.zscore(set, "s1"));
    expect(Math.abs(score - (expires + 60_000))).toBeLessThan(5);
    expect(await client.pexpiretime(set)).toBe(score);
    await db.updateSession({ sessionToken: "s2", expires: new Date(expires + HOUR) });
    expect(Number(await client.zscore(set, "s2"))).toBeGreaterThan(expires + HOUR);
    expect(await client.pexpiretime(set)).toBe(Number(await client.zscore(set, "s2")));
  });

  it("a sign-in drops the tokens of the sessions Redis has removed from the user's set", async () => {
    const db = adapter();
    const user = await newUser(db);
    await db.createSession({ sessionToken: "short", userId: user.id, expires: new Date(Date.now() + 100) });
    await db.createSession({ sessionToken: "long", userId: user.id, expires: new Date(Date.now() + HOUR) });
    await sleep(250);
    await db.createSession({ sessionToken: "new", userId: user.id, expires: new Date(Date.now() + HOUR) });
    expect((await client.zrange(`${PREFIX}user-sessions:${user.id}`, 0, -1)).sort()).toEqual(["long", "new"]);
  });

  it("updateSession to an expires in the past removes the session and its token", async () => {
    const db = adapter();
    const user = await newUser(db);
    await db.createSession({ sessionToken: "s", userId: user.id, expires: new Date(Date.now() + HOUR) });
    await db.updateSession({ sessionToken: "s", expires: new Date(Date.now() - HOUR) });
    expect(await db.getSessionAndUser("s")).toBeNull();
    expect(await allKeys()).toEqual([`${PREFIX}user-by-email:${user.email}`, `${PREFIX}user:${user.id}`]);
  });

  it("keepExpiredSessionsFor keeps an expired session that long, then Redis removes it", async () => {
    const db = adapter({ keepExpiredSessionsFor: 1 });
    const user = await newUser(db);
    await db.createSession({ sessionToken: "kept", userId: user.id, expires: new Date(Date.now() + 100) });
    await sleep(400);
    expect((await db.listSessionsByUser(user.id)).map((s) => s.sessionToken)).toEqual(["kept"]);
    await sleep(1000);
    expect(await db.getSessionAndUser("kept")).toBeNull();
  });

  it("updateSession moves the expiry in Redis with expires", async () => {
    const db = adapter();
    const user = await newUser(db);
    await db.createSession({ sessionToken: "moved", userId: user.id, expires: new Date(Date.now() + 300) });
    await db.updateSession({ sessionToken: "moved", expires: new Date(Date.now() + HOUR) });
    await sleep(450);
    expect(await client.pttl(`${PREFIX}session:moved`)).toBeGreaterThan(HOUR - 5_000);
    expect(await db.getSessionAndUser("moved")).not.toBeNull();
  });

  it("Redis removes a verification token at its expires", async () => {
    const db = adapter();
    const token = { identifier: "a@example.test", token: "t1", expires: new Date(Date.now() + 300) };
    await db.createVerificationToken(token);
    expect(await client.pttl(`${PREFIX}verification-token:a%40example.test:t1`)).toBeGreaterThan(0);
    await sleep(450);
    expect(await db.useVerificationToken(token)).toBeNull();
    expect(await allKeys()).toEqual([]);
  });

  it("createSession of a session that already expired stores nothing", async () => {
    const db = adapter();
    const user = await newUser(db);
    await db.createSession({ sessionToken: "old", userId: user.id, expires: new Date(Date.now() - HOUR) });
    expect(await allKeys()).toEqual([`${PREFIX}user-by-email:${user.email}`, `${PREFIX}user:${user.id}`]);
  });
});

describe("options", () => {
  it.each([-1, Number.NaN, Number.POSITIVE_INFINITY, "60" as unknown as number])(
    "keepExpiredSessionsFor %j is refused when the adapter is made, before any sign-in",
    (keep) => {
      expect(() => RedisAdapter(client, { keepExpiredSessionsFor: keep })).toThrow(TypeError);
    },
  );
});

describe("single use", () => {
  it("of 50 concurrent uses over 5 connections, exactly one gets the token", async () => {
    const db = adapter();
    const token = { identifier: "race@example.test", token: "once", expires: new Date(Date.now() + HOUR) };
    await db.createVerificationToken(token);
    const connections = Array.from({ length: 5 }, () => new Redis(server.url));
    try {
      const adapters = connections.map((c) => RedisAdapter(c, { prefix: PREFIX }));
      const uses = Array.from({ length: 50 }, (_, i) =>
        adapters[i % adapters.length]!.useVerificationToken!({ ...token }),
      );
      const winners = (await Promise.all(uses)).filter((used) => used !== null);
      expect(winners).toEqual([token]);
    } finally {
      for (const c of connections) c.disconnect();
    }
  });
});

describe("indexes", () => {
  it("deleteUser leaves no key of the user behind, and every key of another user", async () => {
    const db = adapter();
    const bystander = await newUser(db);
    await db.createSession({
      sessionToken: "b1",
      userId: bystander.id,
      expires: new Date(Date.now() + HOUR),
    });
    const before = await allKeys();

    const user = await newUser(db);
    for (const provider of ["github", "weird:provider"]) {
      await db.linkAccount({ userId: user.id, type: "oauth", provider, providerAccountId: user.id });
    }
    for (const token of ["s1", "s2"]) {
      await db.createSession({ sessionToken: token, userId: user.id, expires: new Date(Date.now() + HOUR) });
    }
    for (const credentialID of ["c1", "c2"]) {
      await db.createAuthenticator({
        credentialID,
        userId: user.id,
        providerAccountId: credentialID,
        credentialPublicKey: "pk",
        counter: 0,
        credentialBackedUp: false,
        credentialDeviceType: "singleDevice",
      });
    }
    expect((await allKeys()).length).toBe(before.length + 11);

    expect(await db.deleteUser(user.id)).toEqual(user);
    expect(await allKeys()).toEqual(before);
  });

  it("an account belongs to one user: linkAccount refuses it to another and leaves it where it is", async () => {
    const db = adapter();
    const [first, second] = [await newUser(db), await newUser(db)];
    const account = { type: "oauth", provider: "github", providerAccountId: "42" } as const;
    await db.linkAccount({ ...account, userId: first.id, access_token: "a1" });
    await expect(db.linkAccount({ ...account, userId: second.id })).rejects.toThrow(
      /linkAccount: another user has this account/,
    );
    expect(await db.getUserByAccount(account)).toEqual(first);
    expect(await db.listAccountsByUser(second.id)).toEqual([]);
    // Linking it to its own user again writes it afresh.
    await db.linkAccount({ ...account, userId: first.id, access_token: "a2" });
    expect(await db.getAccount("42", "github")).toMatchObject({ userId: first.id, access_token: "a2" });
  });

  it("a credential belongs to one user: createAuthenticator refuses it to another and leaves it where it is", async () => {
    const db = adapter();
    const [first, second, gone] = [await newUser(db), await newUser(db), await newUser(db)];
    const passkey = {
      providerAccountId: "cred-1",
      credentialID: "cred-1",
      credentialPublicKey: "pk",
      counter: 0,
      credentialBackedUp: false,
      credentialDeviceType: "singleDevice",
    } as const;
    await db.createAuthenticator({ ...passkey, userId: first.id });
    await expect(
      db.createAuthenticator({ ...passkey, userId: second.id, credentialPublicKey: "other" }),
    ).rejects.toThrow(/createAuthenticator: another user has this credential/);
    expect(await db.getAuthenticator("cred-1")).toMatchObject({
      userId: first.id,
      credentialPublicKey: "pk",
    });
    expect(await db.listAuthenticatorsByUserId(second.id)).toEqual([]);
    // One left by a user whose hash is gone may be taken.
    await db.createAuthenticator({
      ...passkey,
      credentialID: "cred-2",
      providerAccountId: "cred-2",
      userId: gone.id,
    });
    await client.del(`${PREFIX}user:${gone.id}`);
    await db.createAuthenticator({
      ...passkey,
      credentialID: "cred-2",
      providerAccountId: "cred-2",
      userId: second.id,
    });
    expect(await db.getAuthenticator("cred-2")).toMatchObject({ userId: second.id });
    expect(await client.smembers(`${PREFIX}user-authenticators:${gone.id}`)).toEqual([]);
  });

  it("an account left by a user whose hash is gone may be linked to another user", async () => {
    const db = adapter();
    const [gone, next] = [await newUser(db), await newUser(db)];
    const account = { type: "oauth", provider: "github", providerAccountId: "42" } as const;
    await db.linkAccount({ ...account, userId: gone.id });
    await client.del(`${PREFIX}user:${gone.id}`);
    await db.linkAccount({ ...account, userId: next.id });
    expect(await db.getUserByAccount(account)).toEqual(next);
    expect(await client.smembers(`${PREFIX}user-accounts:${gone.id}`)).toEqual([]);
  });

  it("an email belongs to one user: createUser and updateUser refuse it, and a change frees the old one", async () => {
    const db = adapter();
    const [ada, bob] = [await newUser(db), await newUser(db)];
    await expect(newUser(db, { email: ada.email })).rejects.toThrow(AdapterError);
    await expect(db.updateUser({ id: bob.id, email: ada.email })).rejects.toThrow(
      /another user has this email/,
    );
    const renamed = await db.updateUser({ id: ada.id, email: "ada@new.test" });
    expect(renamed.email).toBe("ada@new.test");
    expect(await db.getUserByEmail(ada.email)).toBeNull();
    expect(await db.getUserByEmail("ada@new.test")).toEqual(renamed);
    await expect(db.updateUser({ id: bob.id, email: ada.email })).resolves.toMatchObject({
      email: ada.email,
    });
  });

  it("an identity-provider session's set loses each session deleted any way, and goes with its last one", async () => {
    const db = adapter();
    const before = await allKeys();
    const [ada, bob] = [await newUser(db), await newUser(db)];
    const idp = { provider: "idp", idpSessionId: "sid-1" };
    const expires = new Date(Date.now() + HOUR);
    for (const [sessionToken, userId] of [
      ["a1", ada.id],
      ["a2", ada.id],
      ["b1", bob.id],
    ] as const)
      await db.createSession({ sessionToken, userId, expires, ...idp });
    const set = `${PREFIX}idp-sessions:3:idp:sid-1`;
    expect((await client.smembers(set)).sort()).toEqual(["a1", "a2", "b1"]);

    await db.deleteSession("a1");
    expect((await client.smembers(set)).sort()).toEqual(["a2", "b1"]);
    await db.deleteSessionsByUser(ada.id);
    expect(await client.smembers(set)).toEqual(["b1"]);
    await db.deleteUser(bob.id);
    await db.deleteUser(ada.id);
    expect(await allKeys()).toEqual(before);
  });

  it("an identity-provider session's set lives as long as its longest session, retention included", async () => {
    const db = adapter({ keepExpiredSessionsFor: 60 });
    const user = await newUser(db);
    const idp = { provider: "idp", idpSessionId: "sid-1" };
    await db.createSession({
      sessionToken: "s1",
      userId: user.id,
      expires: new Date(Date.now() + HOUR),
      ...idp,
    });
    await db.createSession({
      sessionToken: "s2",
      userId: user.id,
      expires: new Date(Date.now() + 1000),
      ...idp,
    });
    const set = `${PREFIX}idp-sessions:3:idp:sid-1`;
    expect(await client.pttl(set)).toBeGreaterThan(HOUR + 55_000);
    await db.updateSession({ sessionToken: "s2", expires: new Date(Date.now() + 2 * HOUR) });
    expect(await client.pttl(set)).toBeGreaterThan(2 * HOUR + 55_000);
  });

  it("two prefixes are two separate stores in one Redis", async () => {
    const user = await newUser(adapter());
    const other = RedisAdapter(client, { prefix: "other:" }) as Required<Adapter>;
    expect(await other.getUser(user.id)).toBeNull();
    expect(await other.getUserByEmail(user.email)).toBeNull();
    expect((await allKeys()).every((key) => key.startsWith(PREFIX))).toBe(true);
  });
});

describe("createUserWithAccount", () => {
  const account = { type: "oauth", provider: "github", providerAccountId: "42" } as const;
  // The core passes a null email for a provider that releases none.
  const fresh = (email: string | null = "fresh@example.test") =>
    ({ id: crypto.randomUUID(), email, emailVerified: null, name: "Fresh" }) as AdapterUser;

  it("writes the user, their email and the account, the account naming the user", async () => {
    const db = adapter();
    const user = fresh();
    expect(await db.createUserWithAccount(user, { ...account, userId: "ignored" })).toEqual(user);
    expect(await db.getUserByEmail("fresh@example.test")).toEqual(user);
    expect(await db.getUserByAccount(account)).toEqual(user);
    expect(await db.listAccountsByUser(user.id)).toEqual([{ ...account, userId: user.id }]);
  });

  it.each([
    ["the account is another user's", "another user has this account", "fresh@example.test", "42"],
    ["the email is another user's", "another user has this email", "taken@example.test", "other"],
  ])("when %s, it is refused and writes nothing", async (_, message, email, held) => {
    const db = adapter();
    const holder = await newUser(db, { email: "taken@example.test" });
    await db.linkAccount({ ...account, providerAccountId: held, userId: holder.id });
    const before = await allKeys();
    await expect(db.createUserWithAccount(fresh(email), { ...account, userId: "" })).rejects.toThrow(
      `createUserWithAccount: ${message}`,
    );
    expect(await allKeys()).toEqual(before);
  });

  it("refuses an id in use, and takes no email", async () => {
    const db = adapter();
    const holder = await newUser(db);
    const before = await allKeys();
    await expect(
      db.createUserWithAccount({ ...fresh(), id: holder.id }, { ...account, userId: holder.id }),
    ).rejects.toThrow("createUserWithAccount: a user with this id exists");
    expect(await allKeys()).toEqual(before);
  });

  it("a user without an email gets no email entry", async () => {
    const db = adapter();
    const user = fresh(null);
    await db.createUserWithAccount(user, { ...account, userId: user.id });
    expect(await allKeys()).toEqual(
      [`${PREFIX}account:github:42`, `${PREFIX}user-accounts:${user.id}`, `${PREFIX}user:${user.id}`].sort(),
    );
  });
});

describe("identifiers that a naive key layout would confuse", () => {
  // Pairs that would share a key if the parts were joined with ":" as they are.
  const pairs: [string, string, string, string][] = [
    ["a:b", "c", "a", "b:c"],
    ["a%3Ab", "c", "a:b", "c"],
    ["*", "x", "?", "x"],
    ["", ":x", ":", "x"],
  ];

  it.each(pairs)("accounts (%j, %j) and (%j, %j) stay apart", async (p1, id1, p2, id2) => {
    const db = adapter();
    const [one, two] = [await newUser(db), await newUser(db)];
    await db.linkAccount({ userId: one.id, type: "oauth", provider: p1, providerAccountId: id1 });
    await db.linkAccount({ userId: two.id, type: "oauth", provider: p2, providerAccountId: id2 });
    expect(await db.getUserByAccount({ provider: p1, providerAccountId: id1 })).toEqual(one);
    expect(await db.getUserByAccount({ provider: p2, providerAccountId: id2 })).toEqual(two);
    await db.deleteUser(one.id);
    expect(await db.getUserByAccount({ provider: p2, providerAccountId: id2 })).toEqual(two);
  });

  it.each(pairs)("identity-provider sessions (%j, %j) and (%j, %j) stay apart", async (p1, s1, p2, s2) => {
    const db = adapter();
    const user = await newUser(db);
    const expires = new Date(Date.now() + HOUR);
    await db.createSession({ sessionToken: "one", userId: user.id, expires, provider: p1, idpSessionId: s1 });
    await db.createSession({ sessionToken: "two", userId: user.id, expires, provider: p2, idpSessionId: s2 });
    const deleted = await db.deleteSessionsByIdpSession({ provider: p1, idpSessionId: s1 });
    expect(deleted.map((s) => s.sessionToken)).toEqual(["one"]);
    expect(await db.getSessionAndUser("two")).not.toBeNull();
  });

  it.each(pairs)("verification tokens (%j, %j) and (%j, %j) stay apart", async (i1, t1, i2, t2) => {
    const db = adapter();
    const expires = new Date(Date.now() + HOUR);
    await db.createVerificationToken({ identifier: i1, token: t1, expires });
    await db.createVerificationToken({ identifier: i2, token: t2, expires });
    expect(await db.useVerificationToken({ identifier: i1, token: t1 })).toEqual({
      identifier: i1,
      token: t1,
      expires,
    });
    expect(await db.useVerificationToken({ identifier: i2, token: t2 })).toEqual({
      identifier: i2,
      token: t2,
      expires,
    });
  });

  it("emails with key-like characters and non-ASCII letters find their users", async () => {
    const db = adapter();
    for (const email of ["a:b@example.test", "*@example.test", "zoë@exämple.test", "x@example.test:extra"]) {
      const user = await newUser(db, { email });
      expect(await db.getUserByEmail(email)).toEqual(user);
      await db.updateUser({ id: user.id, email: `new-${email}` });
      expect(await db.getUserByEmail(email)).toBeNull();
      await db.deleteUser(user.id);
      expect(await db.getUserByEmail(`new-${email}`)).toBeNull();
    }
    expect(await allKeys()).toEqual([]);
  });
});

describe("hashes another program wrote badly", () => {
  const key = (name: string) => `${PREFIX}${name}`;
  const cases: {
    name: string;
    plant: () => Promise<unknown>;
    call: (db: Required<Adapter>) => unknown;
    names: string;
  }[] = [
    {
      name: "a user field that is not JSON",
      plant: () => client.hset(key("user:u1"), "id", '"u1"', "emailVerified", "yesterday"),
      call: (db) => db.getUser("u1"),
      names: key("user:u1"),
    },
    {
      name: "a user's date that is a string",
      plant: () => client.hset(key("user:u1"), "id", '"u1"', "emailVerified", '"2020-01-01"'),
      call: (db) => db.getUser("u1"),
      names: key("user:u1"),
    },
    {
      name: "a user without its id",
      plant: () => client.hset(key("user:u1"), "name", '"Ada"'),
      call: (db) => db.getUser("u1"),
      names: key("user:u1"),
    },
    {
      name: "a session whose userId is a number",
      plant: () => client.hset(key("session:s1"), "sessionToken", '"s1"', "userId", "42", "expires", "1"),
      call: (db) => db.getSessionAndUser("s1"),
      names: key("session:s1"),
    },
    {
      name: "a session without its userId",
      plant: () => client.hset(key("session:s1"), "sessionToken", '"s1"', "expires", "1"),
      call: (db) => db.deleteSession("s1"),
      names: key("session:s1"),
    },
    {
      name: "a session key holding a string",
      plant: () => client.set(key("session:s1"), "garbage"),
      call: (db) => db.getSessionAndUser("s1"),
      names: key("session:s1"),
    },
    {
      name: "an account without its provider",
      plant: () =>
        client.hset(key("account:github:9"), "userId", '"u1"', "type", '"oauth"', "providerAccountId", '"9"'),
      call: (db) => db.getAccount("9", "github"),
      names: key("account:github:9"),
    },
    {
      name: "an authenticator whose counter is text",
      plant: () =>
        client.hset(
          key("authenticator:c1"),
          ...["credentialID", '"c1"', "userId", '"u1"', "providerAccountId", '"c1"'],
          ...["credentialPublicKey", '"pk"', "counter", '"seven"', "credentialBackedUp", "false"],
          ...["credentialDeviceType", '"singleDevice"'],
        ),
      call: (db) => db.getAuthenticator("c1"),
      names: key("authenticator:c1"),
    },
    {
      name: "a verification token whose expires is null",
      plant: () =>
        client.hset(
          key("verification-token:a%40b.test:t"),
          "identifier",
          '"a@b.test"',
          "token",
          '"t"',
          "expires",
          "null",
        ),
      call: (db) => db.useVerificationToken({ identifier: "a@b.test", token: "t" }),
      names: key("verification-token:a%40b.test:t"),
    },
  ];

  it.each(cases)(
    "$name: an AdapterError naming the key's kind, not its token or id",
    async ({ plant, call, names }) => {
      await plant();
      const failure = await Promise.resolve(call(adapter())).then(
        () => new Error("resolved"),
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(AdapterError);
      // The log shows `prefix:kind:…`: what follows may be a session token or an address.
      expect((failure as Error).message).toContain(
        `${names.slice(0, names.indexOf(":", key("").length) + 1)}…`,
      );
      expect((failure as Error).message).not.toContain(names);
      // Reported as bad data, not as Redis failing (which would send someone to check the server).
      expect((failure as Error).message).not.toContain("failed on");
    },
  );
});

// updateAccount writes every refreshed field and clears only those set to null, whatever they are
// called: its script once ended the fields to write at an empty string, so a token field named ""
// (a token answer kept whole by the app's account()) deleted the refreshed tokens instead.
describe('updateAccount with a field named ""', () => {
  it('updateAccount with a field named "" still stores every other refreshed token field', async () => {
    const db = adapter();
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
    expect(updated).toMatchObject({
      access_token: "new-access",
      refresh_token: "new-refresh",
      expires_at: 2,
    });
    const stored = await db.getAccount("alice", "idp");
    expect(stored).toMatchObject({ access_token: "new-access", refresh_token: "new-refresh", expires_at: 2 });
  });

  it('updateAccount with a field named "" and a field to clear does not delete untouched fields', async () => {
    const db = adapter();
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
});
