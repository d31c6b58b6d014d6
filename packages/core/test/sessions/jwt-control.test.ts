/**
 * Session control over HTTP with JWT sessions and an in-process session store: two browsers of
 * one user, one revoking the other, with a frozen clock to show the revalidation bound.
 */
import { type AuthConfig, createAuth, memorySessionStore } from "@portcullis/core";
import { UnsupportedStrategy } from "@portcullis/core/errors";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { describe, expect, it, vi } from "vitest";
import { browser, clock, control, controlConfig, listOf, USERS, whoIs } from "./helpers";

function jwtConfig(overrides: Partial<AuthConfig> = {}) {
  const time = clock();
  const config = controlConfig({
    now: time.now,
    session: { strategy: "jwt", store: memorySessionStore(), revalidateAfter: 60 },
    ...overrides,
  });
  return { config, time };
}

describe("JWT sessions with a session store", () => {
  it("lists the user's sessions with an opaque id, the current one marked", async () => {
    const { config, time } = jwtConfig();
    const laptop = await browser(config, "alice", "Laptop/1.0");
    time.advance(10);
    const phone = await browser(config, "alice", "Phone/2.0");
    await browser(config, "bob");
    const sessions = await listOf(phone);
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s) => [s.userAgent, s.current])).toEqual([
      ["Phone/2.0", true],
      ["Laptop/1.0", false],
    ]);
    const token = laptop.jar.get("authjs.session-token")!;
    for (const s of sessions) {
      expect(s.id).toMatch(/^[0-9a-f]{32}$/);
      expect(token).not.toContain(s.id);
      expect(new Date(s.expires).toISOString()).toBe(s.expires);
    }
    expect(sessions[1]!.createdAt).toBe(new Date(Date.UTC(2026, 0, 1)).toISOString());
  });

  it("revokes another browser's session: its next read after the revalidation bound is signed out", async () => {
    const { config, time } = jwtConfig();
    const laptop = await browser(config, "alice");
    const phone = await browser(config, "alice");
    const other = (await listOf(phone)).find((s) => !s.current)!;
    const response = await control(phone, "revoke", { id: other.id });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ revoked: 1 });
    // Within the bound the laptop's token is still good: no store check on this read.
    time.advance(30);
    expect(await whoIs(laptop)).toBe("Alice");
    time.advance(31);
    expect(await whoIs(laptop)).toBeNull();
    expect(laptop.jar.get("authjs.session-token")).toBeUndefined();
    expect(await whoIs(phone)).toBe("Alice");
  });

  it("revoke-others keeps this browser; revoke-all signs out everywhere and clears this cookie", async () => {
    const { config, time } = jwtConfig();
    const [a, b, c] = [
      await browser(config, "alice"),
      await browser(config, "alice"),
      await browser(config, "alice"),
    ];
    expect(await (await control(a, "revoke-others")).json()).toEqual({ revoked: 2 });
    time.advance(61);
    expect([await whoIs(a), await whoIs(b), await whoIs(c)]).toEqual(["Alice", null, null]);
    const d = await browser(config, "alice");
    const all = await control(a, "revoke-all");
    expect(await all.json()).toEqual({ revoked: 2 });
    expect(a.jar.get("authjs.session-token")).toBeUndefined();
    time.advance(61);
    expect(await whoIs(d)).toBeNull();
  });

  it("never shows or revokes another user's sessions", async () => {
    const { config, time } = jwtConfig();
    const alice = await browser(config, "alice");
    const bob = await browser(config, "bob");
    const bobs = await listOf(bob);
    expect((await listOf(alice)).map((s) => s.id)).not.toContain(bobs[0]!.id);
    expect(await (await control(alice, "revoke", { id: bobs[0]!.id })).json()).toEqual({ revoked: 0 });
    time.advance(61);
    expect(await whoIs(bob)).toBe("Bob");
  });

  it("a revoked session cannot list or revoke, even before its next check", async () => {
    const { config } = jwtConfig();
    const laptop = await browser(config, "alice");
    const phone = await browser(config, "alice");
    await control(phone, "revoke-others");
    expect((await laptop.get("/auth/sessions")).status).toBe(401);
    expect((await control(laptop, "revoke-all")).status).toBe(401);
    expect(await whoIs(phone)).toBe("Alice");
  });

  it("fires signOut for each revoked session and sessionsRevoked once", async () => {
    const events = { signOut: vi.fn(), sessionsRevoked: vi.fn() };
    const { config } = jwtConfig({ events });
    const a = await browser(config, "alice");
    await browser(config, "alice");
    await browser(config, "alice");
    await control(a, "revoke-others");
    expect(events.signOut).toHaveBeenCalledTimes(2);
    expect(events.signOut.mock.calls[0]![0]).toMatchObject({ session: { userId: "u-alice" } });
    expect(events.sessionsRevoked).toHaveBeenCalledWith({ user: { id: "u-alice" }, count: 2 });
  });

  it("sign-out removes the session from the store", async () => {
    const { config } = jwtConfig();
    const laptop = await browser(config, "alice");
    const phone = await browser(config, "alice");
    const csrfToken = await laptop.csrfToken();
    await laptop.post("/auth/signout", { form: { csrfToken } });
    expect(await listOf(phone)).toHaveLength(1);
  });

  it("keeps the cookie but answers no session while the store is down", async () => {
    const store = memorySessionStore();
    const { config, time } = jwtConfig({ session: { strategy: "jwt", store, revalidateAfter: 60 } });
    const laptop = await browser(config, "alice");
    store.get = () => {
      throw new Error("store down");
    };
    time.advance(61);
    expect(await whoIs(laptop)).toBeNull();
    expect(laptop.jar.get("authjs.session-token")).toBeDefined();
  });

  it("ends a session at session.absoluteMaxAge however active it is", async () => {
    const { config, time } = jwtConfig({
      session: { strategy: "jwt", store: memorySessionStore(), absoluteMaxAge: 3600, updateAge: 0 },
    });
    const laptop = await browser(config, "alice");
    for (let i = 0; i < 5; i++) {
      time.advance(600);
      expect(await whoIs(laptop)).toBe("Alice");
    }
    time.advance(601);
    expect(await whoIs(laptop)).toBeNull();
  });
});

describe("the sessions routes' answers to bad input", () => {
  const cases: Array<[string, (c: Awaited<ReturnType<typeof browser>>) => Promise<Response>, number]> = [
    ["POST without a CSRF token", (c) => c.post("/auth/sessions/revoke-all", { form: {} }), 403],
    [
      "POST with a wrong CSRF token",
      (c) => c.post("/auth/sessions/revoke-all", { form: { csrfToken: "x" } }),
      403,
    ],
    ["GET of an operation", (c) => c.get("/auth/sessions/revoke-all"), 400],
    ["POST without an operation", (c) => c.post("/auth/sessions", { form: {} }), 400],
    ["an unknown operation", (c) => control(c, "revoke-everything"), 400],
    ["revoke without an id", (c) => control(c, "revoke"), 200],
    [
      "revoke with a JSON id that is no string",
      async (c) => c.post("/auth/sessions/revoke", { json: { csrfToken: await c.csrfToken(), id: 42 } }),
      200,
    ],
    ["a path below the operation", (c) => c.post("/auth/sessions/revoke/x", { form: {} }), 400],
  ];
  it.each(cases)("%s", async (_, send, status) => {
    const { config } = jwtConfig();
    const client = await browser(config, "alice");
    const response = await send(client);
    expect(response.status).toBe(status);
    expect(await whoIs(client)).toBe("Alice");
  });

  it("answers 401 when signed out", async () => {
    const { config } = jwtConfig();
    const client = await browser(config, "alice");
    client.jar.set("authjs.session-token", "garbage");
    expect((await client.get("/auth/sessions")).status).toBe(401);
    expect((await control(client, "revoke-others")).status).toBe(401);
  });

  it("answers 404 for JWT sessions without a store", async () => {
    const config = controlConfig({ session: { strategy: "jwt" } });
    const client = await browser(config, "alice");
    const response = await client.get("/auth/sessions");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      message: "Sessions cannot be listed or revoked in this configuration.",
    });
    expect((await control(client, "revoke-all")).status).toBe(404);
    expect(await whoIs(client)).toBe("Alice");
  });
});

describe("session control on the engine's server face", () => {
  it("lists and revokes for the caller, and revokes every session of a user for admin code", async () => {
    const { config, time } = jwtConfig();
    const laptop = await browser(config, "alice");
    const phone = await browser(config, "alice");
    const auth = createAuth(config);
    const call = { headers: { host: "localhost:3000", cookie: phone.jar.header()! } };
    const listed = await auth.listSessions(call);
    expect(listed?.map((s) => s.current).sort()).toEqual([false, true]);
    const other = listed!.find((s) => !s.current)!;
    expect(await auth.revokeSession(other.id, call)).toEqual({ revoked: 1, cookies: [] });
    expect(await auth.listSessions({ headers: { host: "localhost:3000" } })).toBeNull();
    expect(await auth.revokeSessions("u-alice")).toBe(1);
    time.advance(61);
    expect([await whoIs(laptop), await whoIs(phone)]).toEqual([null, null]);
  });

  it("signs out everywhere with a redirect checked like signOut's", async () => {
    const { config, time } = jwtConfig();
    const laptop = await browser(config, "alice");
    const phone = await browser(config, "alice");
    const auth = createAuth(config);
    const call = { headers: { host: "localhost:3000", cookie: phone.jar.header()! } };
    const away = await auth.revokeAllSessions({ ...call, callbackUrl: "https://evil.example/" });
    expect(away?.redirect).toBe("http://localhost:3000");
    expect(away?.revoked).toBe(2);
    expect(away?.cookies.find((c) => c.name === "authjs.session-token")?.value).toBe("");
    time.advance(61);
    expect(await whoIs(laptop)).toBeNull();
    const again = await auth.revokeAllSessions({ ...call, callbackUrl: "/bye" });
    expect(again).toBeNull();
  });

  it("throws UnsupportedStrategy without a store", async () => {
    const auth = createAuth(controlConfig({ session: { strategy: "jwt" } }));
    await expect(auth.revokeSessions("u-alice")).rejects.toBeInstanceOf(UnsupportedStrategy);
    await expect(auth.listSessions({ headers: { host: "localhost:3000" } })).rejects.toBeInstanceOf(
      UnsupportedStrategy,
    );
  });
});

describe('JWT sessions with store: "adapter"', () => {
  it("registers them in the adapter's session table, where revocation reaches them", async () => {
    const adapter = MemoryAdapter();
    // The session table points at users: a registered session's user must exist in the adapter.
    await adapter.createUser!({ ...USERS.alice!, emailVerified: null });
    const { config, time } = jwtConfig({ adapter, session: { strategy: "jwt", store: "adapter" } });
    const laptop = await browser(config, "alice");
    const phone = await browser(config, "alice");
    expect(await adapter.listSessionsByUser!("u-alice")).toHaveLength(2);
    expect(await (await control(phone, "revoke-others")).json()).toEqual({ revoked: 1 });
    time.advance(61);
    expect([await whoIs(laptop), await whoIs(phone)]).toEqual([null, "Alice"]);
  });

  it("is a configuration error with an adapter that cannot list sessions", async () => {
    const { listSessionsByUser: _l, ...adapter } = MemoryAdapter();
    const { config } = jwtConfig({ adapter, session: { strategy: "jwt", store: "adapter" } });
    const response = await createAuth(config).handle(new Request("http://localhost:3000/auth/session"));
    expect(response.status).toBe(500);
  });
});
