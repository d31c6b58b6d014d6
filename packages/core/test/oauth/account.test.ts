/** Account resolution and linking after an OAuth sign-in, with the memory adapter. */
import type { Adapter, AuthConfig, OAuth2Config } from "@portcullis/core";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import type { TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALICE,
  BOB,
  browser,
  location,
  oauthConfig,
  oidcProvider,
  sessionOf,
  signInThrough,
  startIdp,
} from "./helpers";

let idp: TestOpenIdProvider;
beforeAll(async () => {
  idp = await startIdp({ ids: ["idp", "other"] });
});
afterAll(() => idp.stop());

/** Two providers at the same IdP, so one person has two accounts with the same email. */
function setup(other: Partial<OAuth2Config> = {}, overrides: Partial<AuthConfig> = {}) {
  const adapter = MemoryAdapter();
  const config = oauthConfig([oidcProvider(idp), oidcProvider(idp, { id: "other", ...other })], {
    adapter,
    ...overrides,
  });
  return { adapter, config };
}

function accountOwner(adapter: Adapter, provider: string, sub: string) {
  return adapter.getUserByAccount!({ provider, providerAccountId: sub });
}

function eventNames(config: { recorded: { events: Array<{ name: string }> } }): string[] {
  return config.recorded.events.map((e) => e.name);
}

describe("first and later sign-ins", () => {
  it("creates the user and the account on the first sign-in, with createUser, linkAccount and signIn events", async () => {
    const { adapter, config } = setup();
    const client = browser(config);
    expect(location(await signInThrough(client, idp)).pathname).toBe("/dashboard");
    const user = await adapter.getUserByEmail!(ALICE.email!);
    expect(user).toMatchObject({
      email: ALICE.email,
      name: ALICE.name,
      image: ALICE.picture,
      emailVerified: null,
    });
    expect(user!.id).not.toBe(ALICE.sub);
    expect((await accountOwner(adapter, "idp", "alice"))?.id).toBe(user!.id);
    expect(eventNames(config)).toEqual(["createUser", "linkAccount", "signIn"]);
    expect(config.recorded.events[2]!.message).toMatchObject({ isNewUser: true, user: { id: user!.id } });
    expect(await sessionOf(client)).toMatchObject({ user: { email: ALICE.email, name: ALICE.name } });
  });

  it("stores the tokens on the account row", async () => {
    const { adapter, config } = setup();
    await signInThrough(browser(config), idp);
    const account = await adapter.getAccount!("alice", "idp");
    expect(account).toMatchObject({
      provider: "idp",
      type: "oidc",
      providerAccountId: "alice",
      token_type: "bearer",
    });
    expect(account?.access_token).toEqual(expect.any(String));
    expect(account?.id_token).toEqual(expect.any(String));
    expect(account?.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000));
    expect(account?.scope).toContain("openid");
    expect(account).not.toHaveProperty("expires_in");
  });

  it("finds the same user on a later sign-in, without creating anything", async () => {
    const { adapter, config } = setup();
    await signInThrough(browser(config), idp);
    const first = await adapter.getUserByEmail!(ALICE.email!);
    config.recorded.events.length = 0;
    const later = browser(config);
    await signInThrough(later, idp);
    expect(eventNames(config)).toEqual(["signIn"]);
    expect(config.recorded.events[0]!.message).toMatchObject({ isNewUser: false, user: { id: first!.id } });
    expect((await sessionOf(later))?.user?.email).toBe(ALICE.email);
  });

  it("sends a new user to pages.newUser with the callbackUrl, and a returning one to the callbackUrl", async () => {
    const { config } = setup({}, { pages: { newUser: "/welcome" } });
    const first = location(await signInThrough(browser(config), idp, { callbackUrl: "/home" }));
    expect(first.pathname).toBe("/welcome");
    expect(first.searchParams.get("callbackUrl")).toBe("http://localhost:3000/home");
    expect(location(await signInThrough(browser(config), idp, { callbackUrl: "/home" })).pathname).toBe(
      "/home",
    );
  });
});

describe("the signIn callback", () => {
  it("runs before any row is written, so a refused sign-in stores nothing", async () => {
    const seen: unknown[] = [];
    const { adapter, config } = setup(
      {},
      {
        callbacks: {
          signIn: ({ user, account }) => {
            seen.push({ user, account });
            return false;
          },
        },
      },
    );
    const client = browser(config);
    expect(location(await signInThrough(client, idp)).href).toBe(
      "http://localhost:3000/auth/error?error=AccessDenied",
    );
    expect(seen).toMatchObject([
      { user: { email: ALICE.email }, account: { provider: "idp", providerAccountId: "alice" } },
    ]);
    expect(await adapter.getUserByEmail!(ALICE.email!)).toBeNull();
    expect(await accountOwner(adapter, "idp", "alice")).toBeNull();
    expect(eventNames(config)).toEqual([]);
    expect(await client.session()).toBeNull();
  });

  it("redirects where the callback says, without a session or rows", async () => {
    const { adapter, config } = setup({}, { callbacks: { signIn: () => "/not-yet" } });
    const client = browser(config);
    expect(location(await signInThrough(client, idp)).href).toBe("http://localhost:3000/not-yet");
    expect(await adapter.getUserByEmail!(ALICE.email!)).toBeNull();
    expect(client.jar.get("authjs.session-token")).toBeUndefined();
  });

  it("sees the stored user on a returning sign-in", async () => {
    const users: Array<{ id?: string }> = [];
    const { adapter, config } = setup(
      {},
      {
        callbacks: {
          signIn: ({ user }) => {
            users.push(user);
            return true;
          },
        },
      },
    );
    await signInThrough(browser(config), idp);
    await signInThrough(browser(config), idp);
    const stored = await adapter.getUserByEmail!(ALICE.email!);
    expect(users[1]?.id).toBe(stored!.id);
  });
});

describe("linking", () => {
  it("refuses a second provider whose email belongs to an existing user with OAuthAccountNotLinked", async () => {
    const { adapter, config } = setup();
    await signInThrough(browser(config), idp);
    const client = browser(config);
    const response = await signInThrough(client, idp, { id: "other" });
    expect(location(response).href).toBe("http://localhost:3000/auth/signin?error=OAuthAccountNotLinked");
    expect(await accountOwner(adapter, "other", "alice")).toBeNull();
    expect(client.jar.get("authjs.session-token")).toBeUndefined();
  });

  it("links the second provider to the user with that email when allowDangerousEmailAccountLinking is set", async () => {
    const { adapter, config } = setup({ allowDangerousEmailAccountLinking: true });
    await signInThrough(browser(config), idp);
    const user = await adapter.getUserByEmail!(ALICE.email!);
    config.recorded.events.length = 0;
    const client = browser(config);
    expect(location(await signInThrough(client, idp, { id: "other" })).pathname).toBe("/dashboard");
    expect((await accountOwner(adapter, "other", "alice"))?.id).toBe(user!.id);
    expect(eventNames(config)).toEqual(["linkAccount", "signIn"]);
    expect(config.recorded.events[1]!.message).toMatchObject({ isNewUser: false });
  });

  it("links a new provider account to the signed-in user (database sessions)", async () => {
    const { adapter, config } = setup();
    const client = browser(config);
    await signInThrough(client, idp);
    const alice = await adapter.getUserByEmail!(ALICE.email!);
    expect(location(await signInThrough(client, idp, { id: "other", sub: "bob" })).pathname).toBe(
      "/dashboard",
    );
    expect((await accountOwner(adapter, "other", "bob"))?.id).toBe(alice!.id);
    expect(await adapter.getUserByEmail!(BOB.email!)).toBeNull();
    expect((await sessionOf(client))?.user?.email).toBe(ALICE.email);
  });

  it("links a new provider account to the signed-in user (JWT sessions with an adapter)", async () => {
    const { adapter, config } = setup({}, { session: { strategy: "jwt" } });
    const client = browser(config);
    await signInThrough(client, idp);
    const alice = await adapter.getUserByEmail!(ALICE.email!);
    await signInThrough(client, idp, { id: "other", sub: "bob" });
    expect((await accountOwner(adapter, "other", "bob"))?.id).toBe(alice!.id);
  });

  it("refuses to link an account that belongs to another user with AccountNotLinked", async () => {
    const { adapter, config } = setup();
    await signInThrough(browser(config), idp, { id: "other", sub: "bob" });
    const bobUser = await accountOwner(adapter, "other", "bob");
    const client = browser(config);
    await signInThrough(client, idp);
    const response = await signInThrough(client, idp, { id: "other", sub: "bob" });
    expect(location(response).href).toBe("http://localhost:3000/auth/signin?error=AccountNotLinked");
    expect((await accountOwner(adapter, "other", "bob"))?.id).toBe(bobUser!.id);
    expect((await sessionOf(client))?.user?.email).toBe(ALICE.email);
  });

  it("signs in the owner of an account when the signed-in user already owns it", async () => {
    const { config } = setup();
    const client = browser(config);
    await signInThrough(client, idp);
    expect(location(await signInThrough(client, idp)).pathname).toBe("/dashboard");
    expect((await sessionOf(client))?.user?.email).toBe(ALICE.email);
  });
});

describe("without an adapter", () => {
  it("gives the user an id made from the provider and the account, the same at every sign-in, and reports no new user", async () => {
    const config = oauthConfig([oidcProvider(idp)]);
    const subs: unknown[] = [];
    const accountIds: unknown[] = [];
    config.callbacks = {
      jwt: ({ token, account }) => {
        subs.push(token.sub);
        accountIds.push(account?.providerAccountId);
        return token;
      },
    };
    await signInThrough(browser(config), idp);
    await signInThrough(browser(config), idp);
    // Not the provider's own id, which another provider may give to someone else.
    expect(subs[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(subs[1]).toBe(subs[0]);
    expect(accountIds).toEqual(["alice", "alice"]);
    expect(config.recorded.events.find((e) => e.name === "signIn")?.message).toMatchObject({
      isNewUser: false,
    });
  });
});
