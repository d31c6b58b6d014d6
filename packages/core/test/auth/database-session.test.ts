/** Database sessions over HTTP, on the real memory adapter, with a controllable clock. */
import { type Adapter, type CallbacksOptions, createAuth, type LoggerInstance } from "@portcullis/core";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { describe, expect, it, vi } from "vitest";
import { client, config, signIn } from "./helpers";

const DAY = 24 * 3600 * 1000;

async function setup(
  options: {
    updateAge?: number;
    maxAge?: number;
    adapter?: Adapter;
    callbacks?: Partial<CallbacksOptions>;
  } = {},
) {
  let now = Date.UTC(2026, 0, 1);
  const adapter = options.adapter ?? MemoryAdapter();
  await adapter.createUser!({ id: "u1", email: "alice@example.com", emailVerified: null, name: "Alice" });
  const errors: Error[] = [];
  const logger: Partial<LoggerInstance> = { error: (e) => void errors.push(e), warn: () => {} };
  const events = { signOut: vi.fn(), session: vi.fn(), signIn: vi.fn() };
  const cfg = config({
    adapter,
    now: () => now,
    logger,
    events,
    callbacks: options.callbacks,
    session: { updateAge: options.updateAge ?? DAY / 1000, maxAge: options.maxAge ?? (30 * DAY) / 1000 },
  });
  const c = client(cfg);
  return {
    adapter,
    cfg,
    c,
    errors,
    events,
    advance: (ms: number) => {
      now += ms;
    },
    now: () => now,
    row: async () => (await adapter.getSessionAndUser!(c.jar.get("authjs.session-token")!))?.session ?? null,
  };
}

describe("database sessions", () => {
  it("are the default with an adapter: the cookie holds a session token, and a row holds the session", async () => {
    const { c, row, now } = await setup();
    const response = await signIn(c);
    expect(response.headers.get("location")).toBe("http://localhost:3000/dashboard");
    expect(c.jar.get("authjs.session-token")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await row()).toEqual({
      sessionToken: c.jar.get("authjs.session-token"),
      userId: "u1",
      expires: new Date(now() + 30 * DAY),
      // The memory adapter lists sessions, so it is given their details too.
      createdAt: new Date(now()),
      lastSeenAt: new Date(now()),
      userAgent: null,
    });
    expect(await c.session()).toEqual({
      user: { name: "Alice", email: "alice@example.com", image: undefined },
      expires: new Date(now() + 30 * DAY).toISOString(),
    });
  });

  it("extends the session only once updateAge has passed", async () => {
    const { c, row, advance, now } = await setup();
    await signIn(c);
    const created = (await row())!.expires.getTime();
    advance(DAY - 1000);
    const early = await c.get("/auth/session");
    expect(early.headers.getSetCookie().some((h) => h.startsWith("authjs.session-token="))).toBe(false);
    expect((await row())!.expires.getTime()).toBe(created);
    advance(2000);
    const late = await c.get("/auth/session");
    expect(late.headers.getSetCookie().some((h) => h.startsWith("authjs.session-token="))).toBe(true);
    expect((await row())!.expires.getTime()).toBe(now() + 30 * DAY);
  });

  it("is not extended by an update (POST /session) before updateAge has passed, as by a read", async () => {
    const { c, row, advance } = await setup();
    await signIn(c);
    const created = (await row())!.expires.getTime();
    advance(3600_000);
    const csrfToken = await c.csrfToken();
    const update = await c.post("/auth/session", { json: { csrfToken, data: { theme: "dark" } } });
    expect(update.status).toBe(200);
    expect(update.headers.getSetCookie().some((h) => h.startsWith("authjs.session-token="))).toBe(false);
    expect((await row())!.expires.getTime()).toBe(created);
  });

  it("extends on every read when updateAge is 0", async () => {
    const { c, row, advance, now } = await setup({ updateAge: 0 });
    await signIn(c);
    advance(1000);
    await c.session();
    expect((await row())!.expires.getTime()).toBe(now() + 30 * DAY);
  });

  it("is not extended by a server-side read with extend: false, which answers no cookie", async () => {
    const { c, cfg, row, advance } = await setup();
    await signIn(c);
    const created = (await row())!.expires.getTime();
    advance(DAY + 1000);
    const headers = {
      host: "localhost:3000",
      cookie: `authjs.session-token=${c.jar.get("authjs.session-token")}`,
    };
    const { session, cookies } = await createAuth(cfg).session({ headers, extend: false });
    expect(session?.user?.name).toBe("Alice");
    expect(cookies).toEqual([]);
    expect((await row())!.expires.getTime()).toBe(created);
  });

  it("deletes an expired session and answers null", async () => {
    const { c, adapter, advance } = await setup({ maxAge: 60 });
    await signIn(c);
    const token = c.jar.get("authjs.session-token")!;
    advance(61_000);
    const response = await c.get("/auth/session");
    expect(await response.json()).toBeNull();
    expect(await adapter.getSessionAndUser!(token)).toBeNull();
  });

  it("deletes the row at sign-out and fires signOut with the session", async () => {
    const { c, adapter, events } = await setup();
    await signIn(c);
    const token = c.jar.get("authjs.session-token")!;
    const csrfToken = await c.csrfToken();
    await c.post("/auth/signout", { form: { csrfToken } });
    expect(await adapter.getSessionAndUser!(token)).toBeNull();
    expect(c.jar.get("authjs.session-token")).toBeUndefined();
    expect(events.signOut).toHaveBeenCalledWith({
      session: expect.objectContaining({ sessionToken: token, userId: "u1" }),
    });
  });

  it("clears the cookie and redirects at sign-out when deleteSession throws, logging a SignOutError", async () => {
    const { c, adapter, events, errors } = await setup();
    await signIn(c);
    adapter.deleteSession = () => {
      throw new Error("connection reset");
    };
    const csrfToken = await c.csrfToken();
    const response = await c.post("/auth/signout", { form: { csrfToken, callbackUrl: "/bye" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://localhost:3000/bye");
    expect(c.jar.get("authjs.session-token")).toBeUndefined();
    expect(events.signOut).not.toHaveBeenCalled();
    expect(errors.map((e) => (e as { type?: string }).type)).toEqual(["SignOutError"]);
    expect(errors[0]?.cause).toMatchObject({ type: "AdapterError" });
  });

  it("passes a client update to the session callback with trigger update", async () => {
    const session = vi.fn(({ session, newSession, trigger }) => ({ ...session, trigger, newSession }));
    const { c } = await setup({ callbacks: { session } });
    await signIn(c);
    const csrfToken = await c.csrfToken();
    const response = await c.post("/auth/session", { json: { csrfToken, data: { theme: "dark" } } });
    expect(await response.json()).toMatchObject({ trigger: "update", newSession: { theme: "dark" } });
    expect(session).toHaveBeenLastCalledWith(
      expect.objectContaining({ user: expect.objectContaining({ id: "u1" }) }),
    );
  });

  it("refuses credentials for a user the adapter does not know, creating no session", async () => {
    const adapter = MemoryAdapter();
    const { c, errors } = await setup({ adapter });
    await adapter.deleteUser!("u1");
    const response = await signIn(c);
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth/error?error=Configuration");
    expect(c.jar.get("authjs.session-token")).toBeUndefined();
    expect(errors[0]?.message).toMatch(/adapter does not know/);
  });

  it("keeps the cookie when the adapter fails on read, and logs a SessionTokenError", async () => {
    const adapter = MemoryAdapter();
    const { c, errors } = await setup({ adapter });
    await signIn(c);
    const token = c.jar.get("authjs.session-token");
    adapter.getSessionAndUser = () => {
      throw new Error("connection reset");
    };
    const response = await c.get("/auth/session");
    expect(response.status).toBe(200);
    expect(await response.json()).toBeNull();
    expect(response.headers.getSetCookie().some((h) => h.startsWith("authjs.session-token="))).toBe(false);
    expect(c.jar.get("authjs.session-token")).toBe(token);
    expect(errors.map((e) => (e as { type?: string }).type)).toEqual(["SessionTokenError"]);
    expect(errors[0]?.cause).toMatchObject({ type: "AdapterError" });
  });

  it("shows the error page when the adapter fails at sign-in", async () => {
    const adapter = MemoryAdapter();
    adapter.createSession = () => {
      throw new Error("disk full");
    };
    const { c, errors } = await setup({ adapter });
    const response = await signIn(c);
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth/error?error=Configuration");
    expect(errors.map((e) => (e as { type?: string }).type)).toEqual(["AdapterError"]);
  });

  it("deletes the previous session's row when the same browser signs in again", async () => {
    const { c, adapter } = await setup();
    await signIn(c);
    const first = c.jar.get("authjs.session-token")!;
    await signIn(c);
    expect(c.jar.get("authjs.session-token")).not.toBe(first);
    expect(await adapter.getSessionAndUser!(first)).toBeNull();
    expect(await c.session()).toMatchObject({ user: { name: "Alice" } });
  });

  it("uses generateSessionToken for new sessions", async () => {
    const adapter = MemoryAdapter();
    await adapter.createUser!({ id: "u1", email: "alice@example.com", emailVerified: null });
    const c = client(config({ adapter, session: { generateSessionToken: () => "custom-token-1" } }));
    await signIn(c);
    expect(c.jar.get("authjs.session-token")).toBe("custom-token-1");
  });

  it("lets credentials use JWT sessions with an adapter when the strategy says so", async () => {
    const c = client(config({ adapter: MemoryAdapter(), session: { strategy: "jwt" } }));
    await signIn(c);
    expect(c.jar.get("authjs.session-token")!.split(".")).toHaveLength(5);
  });
});
