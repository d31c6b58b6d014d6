/**
 * The back-channel logout receiver, POST /auth/backchannel-logout/{provider}, with logout tokens
 * signed by the test provider's own key: a valid one revokes the sessions of its provider session
 * (or all of the user's), anything else is a 400 that revokes nothing. Tokens the provider sends
 * by itself when its session ends are in logout-browser.test.ts.
 */

import { type AuthConfig, memorySessionStore, type SessionStore } from "@portcullis/core";
import { accountUserId } from "@portcullis/core/flows/account";
import OAuth from "@portcullis/core/providers/oauth";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import type { TestClient, TestOpenIdProvider } from "@portcullis/testkit";
import { generateKeyPair, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASIC, browser, oauthConfig, sessionOf, signInThrough, startIdp } from "./helpers";
import { LOGOUT_EVENT, logoutClaims, logoutProvider, payloadOf, startLogoutIdp } from "./logout-helpers";

/** Alice's user id when no adapter stores her: made from the provider and her account there. */
const ALICE = await accountUserId("idp", "alice");

let idp: TestOpenIdProvider;
let plain: TestOpenIdProvider;

beforeAll(async () => {
  idp = await startLogoutIdp();
  plain = await startIdp({ plainOAuth: true });
});
afterAll(async () => {
  await idp?.stop();
  await plain?.stop();
});

const RECEIVER = "/auth/backchannel-logout/idp";

/** A config whose JWT sessions are registered in a store checked on every read, with the events recorded. */
function jwtConfig(overrides: Partial<AuthConfig> = {}) {
  const store = memorySessionStore();
  const config = oauthConfig([logoutProvider(idp)], {
    session: { strategy: "jwt", store, revalidateAfter: 0 },
    ...overrides,
  });
  const revoked: unknown[] = [];
  config.events = { ...config.events, sessionsRevoked: (message) => void revoked.push(message) };
  return { config, store, revoked };
}

/** Signs in as `sub` and answers the browser and the provider's session id its ID token named. */
async function signedIn(config: AuthConfig, sub = "alice"): Promise<{ client: TestClient; sid: string }> {
  const client = browser(config);
  await signInThrough(client, idp, { sub });
  const store = config.session!.store as SessionStore;
  const stored = await store.listByUser(await accountUserId("idp", sub));
  const sid = stored.at(-1)?.idpSessionId;
  if (typeof sid !== "string") throw new Error("the session remembers no provider session id");
  return { client, sid };
}

/** Posts a logout token as the provider does. */
function post(client: TestClient, token: string, path = RECEIVER): Promise<Response> {
  return client.post(path, { form: { logout_token: token } });
}

describe("a valid logout token", () => {
  it("without an adapter, a sub names this provider's user only: another provider's user of the same id stays signed in", async () => {
    const other = await startLogoutIdp(undefined, undefined, "other");
    try {
      const store = memorySessionStore();
      const config = oauthConfig(
        [logoutProvider(idp), logoutProvider(other, {}, { id: "other", name: "Other IdP" })],
        { session: { strategy: "jwt", store, revalidateAfter: 0 } },
      );
      const here = browser(config);
      await signInThrough(here, idp, { sub: "alice" });
      const elsewhere = browser(config);
      await signInThrough(elsewhere, other, { id: "other", sub: "alice" });

      expect((await post(browser(config), await idp.sign(logoutClaims(idp, "alice")))).status).toBe(200);

      expect(await sessionOf(here)).toBeNull();
      expect(await sessionOf(elsewhere)).toMatchObject({ user: { email: "alice@example.test" } });
    } finally {
      await other.stop();
    }
  });

  it("with a sid revokes only the sessions of that provider session, and fires sessionsRevoked", async () => {
    const { config, revoked } = jwtConfig();
    const first = await signedIn(config);
    const second = await signedIn(config);
    expect(first.sid).not.toBe(second.sid);

    const response = await post(browser(config), await idp.sign(logoutClaims(idp, "alice", first.sid)));

    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await sessionOf(first.client)).toBeNull();
    expect(await sessionOf(second.client)).toMatchObject({ user: { email: "alice@example.test" } });
    expect(revoked).toEqual([{ user: { id: ALICE }, count: 1 }]);
  });

  it("with only a sub revokes every session of the user, and no one else's", async () => {
    const { config } = jwtConfig();
    const first = await signedIn(config);
    const second = await signedIn(config);
    const bob = await signedIn(config, "bob");

    expect((await post(browser(config), await idp.sign(logoutClaims(idp, "alice")))).status).toBe(200);

    expect(await sessionOf(first.client)).toBeNull();
    expect(await sessionOf(second.client)).toBeNull();
    expect(await sessionOf(bob.client)).not.toBeNull();
  });

  it("revokes database sessions, found through the account", async () => {
    const adapter = MemoryAdapter();
    const config = oauthConfig([logoutProvider(idp)], { adapter });
    const client = browser(config);
    await signInThrough(client, idp);
    const row = (await adapter.getSessionAndUser!(client.jar.get("authjs.session-token")!))!;
    expect(row.session.idpSessionId).toEqual(expect.any(String));

    const token = await idp.sign(logoutClaims(idp, "alice", row.session.idpSessionId!));
    expect((await post(browser(config), token)).status).toBe(200);

    expect(await sessionOf(client)).toBeNull();
  });

  it("with only a sid revokes the JWT sessions of that provider session, whoever they belong to, and no others", async () => {
    const { config, revoked } = jwtConfig();
    const signOuts: unknown[] = [];
    config.events = { ...config.events, signOut: (message) => void signOuts.push(message) };
    const first = await signedIn(config);
    const second = await signedIn(config);
    const bob = await signedIn(config, "bob");

    const response = await post(browser(config), await idp.sign(logoutClaims(idp, undefined, first.sid)));

    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await sessionOf(first.client)).toBeNull();
    expect(await sessionOf(second.client)).toMatchObject({ user: { email: "alice@example.test" } });
    expect(await sessionOf(bob.client)).not.toBeNull();
    expect(revoked).toEqual([{ user: { id: ALICE }, count: 1 }]);
    expect(signOuts).toEqual([{ session: expect.objectContaining({ userId: ALICE }) }]);
  });

  it("with only a sid fires sessionsRevoked once per user with live sessions, and signOut for each", async () => {
    const { config, store, revoked } = jwtConfig();
    const signOuts: unknown[] = [];
    config.events = { ...config.events, signOut: (message) => void signOuts.push(message) };
    const { sid } = await signedIn(config);
    const later = new Date(Date.now() + 3_600_000);
    // Sessions another app instance registered in the same provider session, one already expired.
    await store.create({ id: "bob-1", userId: "bob", expires: later, provider: "idp", idpSessionId: sid });
    await store.create({ id: "bob-2", userId: "bob", expires: later, provider: "idp", idpSessionId: sid });
    await store.create({
      id: "carol",
      userId: "carol",
      expires: new Date(0),
      provider: "idp",
      idpSessionId: sid,
    });

    expect((await post(browser(config), await idp.sign(logoutClaims(idp, undefined, sid)))).status).toBe(200);

    expect(revoked).toEqual([
      { user: { id: ALICE }, count: 1 },
      { user: { id: "bob" }, count: 2 },
    ]);
    expect(signOuts).toHaveLength(3);
    expect(await store.get("carol")).toBeNull();
  });

  it("with only a sid revokes the database sessions of that provider session, in the adapter or in a store", async () => {
    for (const store of [undefined, memorySessionStore()]) {
      const adapter = MemoryAdapter();
      const session = store ? { strategy: "database" as const, store } : undefined;
      const config = oauthConfig([logoutProvider(idp)], { adapter, ...(session && { session }) });
      const revoked: unknown[] = [];
      config.events = { ...config.events, sessionsRevoked: (message) => void revoked.push(message) };
      const first = browser(config);
      const second = browser(config);
      await signInThrough(first, idp);
      await signInThrough(second, idp);
      const token = first.jar.get("authjs.session-token")!;
      const sid = store
        ? (await store.get(token))?.idpSessionId
        : (await adapter.getSessionAndUser!(token))?.session.idpSessionId;
      expect(sid).toEqual(expect.any(String));

      expect((await post(browser(config), await idp.sign(logoutClaims(idp, undefined, sid!)))).status).toBe(
        200,
      );

      expect(await sessionOf(first)).toBeNull();
      expect(await sessionOf(second)).not.toBeNull();
      expect(revoked).toEqual([{ user: { id: expect.any(String) }, count: 1 }]);
    }
  });

  it("accepts typ logout+jwt and an exp", async () => {
    const { config } = jwtConfig();
    const { client, sid } = await signedIn(config);
    const claims = { ...logoutClaims(idp, "alice", sid), exp: Math.floor(Date.now() / 1000) + 120 };
    const token = await idp.sign(claims, { typ: "logout+jwt" });
    expect((await post(browser(config), token)).status).toBe(200);
    expect(await sessionOf(client)).toBeNull();
  });

  it("about a user who has no session here answers 200 and revokes nothing", async () => {
    const { config, revoked } = jwtConfig();
    const { client } = await signedIn(config);
    expect((await post(browser(config), await idp.sign(logoutClaims(idp, "bob")))).status).toBe(200);
    expect(await sessionOf(client)).not.toBeNull();
    expect(revoked).toEqual([{ user: { id: await accountUserId("idp", "bob") }, count: 0 }]);
  });
});

describe("a logout token that cannot be acted on", () => {
  it("is refused with 501 for JWT sessions without a session store, and the log says to configure one", async () => {
    const warnings: string[] = [];
    const config = oauthConfig([logoutProvider(idp)], {
      logger: { warn: (code) => void warnings.push(code) },
    });
    const response = await post(browser(config), await idp.sign(logoutClaims(idp, "alice")));
    expect(response.status).toBe(501);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(warnings).toContain("backchannel-logout-no-store");
  });

  it("is refused with 501 when it names only a sid and the adapter cannot find database sessions by one", async () => {
    const { deleteSessionsByIdpSession: _, ...adapter } = MemoryAdapter();
    const config = oauthConfig([logoutProvider(idp)], { adapter });
    const client = browser(config);
    await signInThrough(client, idp);
    const sid = (await adapter.getSessionAndUser!(client.jar.get("authjs.session-token")!))?.session
      .idpSessionId;
    const response = await post(browser(config), await idp.sign(logoutClaims(idp, undefined, sid!)));
    expect(response.status).toBe(501);
    expect(await sessionOf(client)).not.toBeNull();
  });

  it("is refused with 501 when it names only a sid and the store cannot find sessions by one", async () => {
    const { deleteByIdpSession: _, ...withoutSidLookup } = memorySessionStore();
    const { config } = jwtConfig({
      session: { strategy: "jwt", store: withoutSidLookup, revalidateAfter: 0 },
    });
    const { client, sid } = await signedIn(config);
    const response = await post(browser(config), await idp.sign(logoutClaims(idp, undefined, sid)));
    expect(response.status).toBe(501);
    expect(await response.json()).toEqual({
      error: "unsupported",
      error_description: "Logout tokens without a sub are not supported.",
    });
    expect(await sessionOf(client)).not.toBeNull();
  });
});

describe("a logout whose revocation fails for a moment", () => {
  /** A session store whose next `delete` fails once `failNext()` is called. */
  function flakyStore() {
    const inner = memorySessionStore();
    let failing = false;
    const store: SessionStore = {
      ...inner,
      delete: async (id) => {
        if (failing) {
          failing = false;
          throw new Error("session store briefly unavailable");
        }
        return inner.delete(id);
      },
    };
    const failNext = () => {
      failing = true;
    };
    return { store, failNext };
  }

  it("answers 503, carries out the provider's retry of the same token, and refuses it after that", async () => {
    const { store, failNext } = flakyStore();
    const { config } = jwtConfig({ session: { strategy: "jwt", store, revalidateAfter: 0 } });
    const { client } = await signedIn(config);
    const token = await idp.sign(logoutClaims(idp, "alice"));

    failNext();
    const first = await post(browser(config), token);
    expect(first.status).toBe(503);
    expect(await first.json()).toEqual({
      error: "temporarily_unavailable",
      error_description: "Try again later.",
    });
    expect(await sessionOf(client)).not.toBeNull();

    expect((await post(browser(config), token)).status).toBe(200);
    expect(await sessionOf(client)).toBeNull();
    expect((await post(browser(config), token)).status).toBe(400);
  });

  it("with a logout.replayStore that cannot refund, refuses the retry and the log says why", async () => {
    const { store, failNext } = flakyStore();
    const taken = new Set<string>();
    const replayStore = {
      take: (key: string) => {
        if (taken.has(key)) return false;
        taken.add(key);
        return true;
      },
    };
    const { config } = jwtConfig({
      providers: [logoutProvider(idp, { replayStore })],
      session: { strategy: "jwt", store, revalidateAfter: 0 },
    });
    const { client } = await signedIn(config);
    const token = await idp.sign(logoutClaims(idp, "alice"));

    failNext();
    expect((await post(browser(config), token)).status).toBe(503);
    expect((await post(browser(config), token)).status).toBe(400);
    expect(await sessionOf(client)).not.toBeNull();
    expect(config.recorded.errors.map((error) => error.message)).toContainEqual(
      expect.stringContaining("logout.replayStore has no refund"),
    );
  });
});

describe("hostile and malformed logout requests", () => {
  /** What a case sends: a token to post as the form, or a whole request. */
  type Send = (client: TestClient, sid: string) => Promise<Response>;
  const now = () => Math.floor(Date.now() / 1000);
  const signed = (
    claims: (sid: string) => Record<string, unknown>,
    header?: Record<string, string>,
  ): Send => {
    return async (client, sid) => post(client, await idp.sign(claims(sid), header));
  };
  const valid = (sid: string) => logoutClaims(idp, "alice", sid);
  const without = (claim: string) => (sid: string) => {
    const claims: Record<string, unknown> = valid(sid);
    delete claims[claim];
    return claims;
  };

  const cases: Array<[string, Send]> = [
    [
      "signed with another key",
      async (client, sid) => {
        const { privateKey } = await generateKeyPair("RS256");
        const token = await new SignJWT(valid(sid))
          .setProtectedHeader({ alg: "RS256", kid: "test-rs256" })
          .sign(privateKey);
        return post(client, token);
      },
    ],
    [
      "unsigned (alg none)",
      async (client, sid) => {
        const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
        return post(client, `${part({ alg: "none" })}.${part(valid(sid))}.`);
      },
    ],
    [
      "a tampered payload",
      async (client, sid) => {
        const [header, , signature] = (await idp.sign(valid(sid))).split(".");
        const payload = Buffer.from(JSON.stringify({ ...valid(sid), sub: "bob" })).toString("base64url");
        return post(client, `${header}.${payload}.${signature}`);
      },
    ],
    ["another issuer", signed((sid) => ({ ...valid(sid), iss: "https://evil.example" }))],
    ["another audience", signed((sid) => ({ ...valid(sid), aud: "another-client" }))],
    ["no events", signed(without("events"))],
    [
      "events without the back-channel logout event",
      signed((sid) => ({ ...valid(sid), events: { other: {} } })),
    ],
    ["the event as a string", signed((sid) => ({ ...valid(sid), events: { [LOGOUT_EVENT]: "yes" } }))],
    ["events as an array", signed((sid) => ({ ...valid(sid), events: [LOGOUT_EVENT] }))],
    ["a nonce (an ID token, not a logout token)", signed((sid) => ({ ...valid(sid), nonce: "n" }))],
    ["neither sub nor sid", signed((sid) => ({ ...without("sub")(sid), sid: undefined }))],
    ["an empty sub", signed((sid) => ({ ...valid(sid), sub: "" }))],
    ["a numeric sid", signed((sid) => ({ ...valid(sid), sid: 42 }))],
    ["no jti", signed(without("jti"))],
    ["no iat", signed(without("iat"))],
    ["an iat an hour old", signed((sid) => ({ ...valid(sid), iat: now() - 3600 }))],
    ["an iat an hour ahead", signed((sid) => ({ ...valid(sid), iat: now() + 3600 }))],
    ["an exp in the past", signed((sid) => ({ ...valid(sid), exp: now() - 600 }))],
    ["typ JWT", signed(valid, { typ: "JWT" })],
    ["an ID token's typ", signed(valid, { typ: "id_token+jwt" })],
    ["not a JWT", (client) => post(client, "not-a-jwt")],
    ["a JWT of garbage", (client) => post(client, "a.b.c")],
    ["an oversized token", (client) => post(client, "a".repeat(20_000))],
    ["an empty logout_token", (client) => post(client, "")],
    ["an empty body", (client) => client.post(RECEIVER, { form: {} })],
    [
      "no body at all",
      (client) => client.post(RECEIVER, { headers: { "content-type": "application/x-www-form-urlencoded" } }),
    ],
    [
      "the token in a JSON body",
      async (client, sid) => client.post(RECEIVER, { json: { logout_token: await idp.sign(valid(sid)) } }),
    ],
    [
      "the token as text/plain",
      async (client, sid) =>
        client.post(RECEIVER, {
          body: `logout_token=${await idp.sign(valid(sid))}`,
          headers: { "content-type": "text/plain" },
        }),
    ],
    [
      "an unknown provider",
      async (client, sid) => post(client, await idp.sign(valid(sid)), "/auth/backchannel-logout/nope"),
    ],
    [
      "a provider that is not OIDC",
      async (client, sid) => post(client, await idp.sign(valid(sid)), "/auth/backchannel-logout/plain"),
    ],
    [
      "no provider in the path",
      async (client, sid) => post(client, await idp.sign(valid(sid)), "/auth/backchannel-logout"),
    ],
  ];

  it("a GET is no route: the pipeline's plain 400", async () => {
    const { config, revoked } = jwtConfig();
    const { client } = await signedIn(config);
    const response = await browser(config).get(`${RECEIVER}?logout_token=x`);
    expect(response.status).toBe(400);
    expect(await sessionOf(client)).not.toBeNull();
    expect(revoked).toEqual([]);
  });

  it.each(cases)("%s: 400, nothing revoked", async (_name, send) => {
    const plainProvider = OAuth({
      id: "plain",
      name: "Plain",
      type: "oauth",
      clientId: BASIC.client_id,
      clientSecret: BASIC.client_secret,
      authorization: plain.endpoints.authorization,
      token: plain.endpoints.token,
      userinfo: plain.endpoints.userinfo,
    });
    const { config, revoked } = jwtConfig({ providers: [logoutProvider(idp), plainProvider] });
    const { client, sid } = await signedIn(config);

    const response = await send(browser(config), sid);

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: "invalid_request",
      error_description: expect.any(String),
    });
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(await sessionOf(client)).toMatchObject({ user: { email: "alice@example.test" } });
    expect(revoked).toEqual([]);
  });

  it("a replayed token is refused the second time, even after the session came back", async () => {
    const { config } = jwtConfig();
    const first = await signedIn(config);
    const token = await idp.sign(logoutClaims(idp, "alice"));
    expect((await post(browser(config), token)).status).toBe(200);
    expect(await sessionOf(first.client)).toBeNull();

    const again = await signedIn(config);
    const response = await post(browser(config), token);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ error: "invalid_request" });
    expect(await sessionOf(again.client)).not.toBeNull();
  });

  it("logout.maxTokenAge bounds how old a token may be", async () => {
    const { config } = jwtConfig({ providers: [logoutProvider(idp, { maxTokenAge: 60 })] });
    const { client } = await signedIn(config);
    const stale = { ...logoutClaims(idp, "alice"), iat: Math.floor(Date.now() / 1000) - 120 };
    expect((await post(browser(config), await idp.sign(stale))).status).toBe(400);
    expect(await sessionOf(client)).not.toBeNull();
    const { config: lenient } = jwtConfig({ providers: [logoutProvider(idp, { maxTokenAge: 600 })] });
    expect((await post(browser(lenient), await idp.sign(stale))).status).toBe(200);
  });

  it("the replay store is the provider's logout.replayStore, keyed bcl: and a hash", async () => {
    const keys: string[] = [];
    const replayStore = {
      take: (key: string) => {
        keys.push(key);
        return true;
      },
    };
    const { config } = jwtConfig({ providers: [logoutProvider(idp, { replayStore })] });
    const token = await idp.sign(logoutClaims(idp, "alice"));
    expect((await post(browser(config), token)).status).toBe(200);
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatch(/^bcl:[0-9a-f]{64}$/);
    expect(keys[0]).not.toContain(String(payloadOf(token).jti));
  });
});
