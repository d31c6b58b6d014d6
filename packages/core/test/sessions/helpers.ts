/** Session-control test setup: two users, a controllable clock, browsers bound to one config. */
import { type Adapter, Auth, type AuthConfig, type SessionInfo } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { TestClient } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { SECRET } from "../auth/helpers";

export const USERS: Record<string, { id: string; name: string; email: string }> = {
  alice: { id: "u-alice", name: "Alice", email: "alice@example.com" },
  bob: { id: "u-bob", name: "Bob", email: "bob@example.com" },
};

/** Accepts alice and bob with the password "pw". */
export const twoUsers = Credentials({
  credentials: { username: {}, password: {} },
  authorize: ({ username, password }) => (password === "pw" ? (USERS[String(username)] ?? null) : null),
});

/** A clock tests move by hand. */
export function clock(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  return {
    now: () => now,
    advance: (seconds: number) => {
      now += seconds * 1000;
    },
  };
}

/** A config with the two users, quiet logs, and the overrides. */
export function controlConfig(overrides: Partial<AuthConfig>): AuthConfig {
  return {
    secret: SECRET,
    trustHost: true,
    providers: [twoUsers],
    logger: { error: () => {}, warn: () => {} },
    ...overrides,
  };
}

/** A browser with a User-Agent of its own, signed in as `user`. */
export async function browser(
  config: AuthConfig,
  user: string,
  agent = `agent-${user}`,
): Promise<TestClient> {
  const client = new TestClient(
    (request) => {
      const headers = new Headers(request.headers);
      headers.set("user-agent", agent);
      return Auth(new Request(request, { headers }), config);
    },
    undefined,
    config.now,
  );
  const csrfToken = await client.csrfToken();
  const response = await client.post("/auth/callback/credentials", {
    form: { csrfToken, username: user, password: "pw" },
  });
  if (response.status !== 302 || !client.jar.get("authjs.session-token"))
    throw new Error(`${user} did not sign in`);
  return client;
}

/** POSTs a session-control operation with the browser's CSRF token. */
export async function control(client: TestClient, operation: string, form: Record<string, string> = {}) {
  const csrfToken = await client.csrfToken();
  return client.post(`/auth/sessions/${operation}`, { form: { csrfToken, ...form } });
}

/** The browser's session user's name, or null. */
export async function whoIs(client: TestClient): Promise<string | null> {
  const session = (await client.session()) as { user?: { name?: string } } | null;
  return session?.user?.name ?? null;
}

/** The browser's session list (asserting a 200). */
export async function listOf(client: TestClient): Promise<SessionInfo[]> {
  const response = await client.get("/auth/sessions");
  if (response.status !== 200) throw new Error(`GET /auth/sessions answered ${response.status}`);
  return (await response.json()) as SessionInfo[];
}

/**
 * Session control over HTTP with database sessions, on any adapter with the session-control
 * methods: the same checks for the memory adapter (core) and SQLite / PostgreSQL (sql-adapter).
 *
 * @param name The adapter's name, for the test titles.
 * @param adapterFor Makes a fresh adapter (tables migrated) for one test.
 */
export function databaseSessionControl(name: string, adapterFor: () => Promise<Adapter>): void {
  async function setup(session: Partial<AuthConfig["session"]> = {}) {
    const adapter = await adapterFor();
    for (const user of Object.values(USERS)) await adapter.createUser!({ ...user, emailVerified: null });
    const time = clock();
    const config = controlConfig({ adapter, now: time.now, session: { strategy: "database", ...session } });
    return { adapter, config, time };
  }

  describe(`database sessions on ${name}`, () => {
    it("lists the user's sessions with their details, the current one marked", async () => {
      const { config, time } = await setup();
      await browser(config, "alice", "Laptop/1.0");
      time.advance(5);
      const phone = await browser(config, "alice", "Phone/2.0");
      await browser(config, "bob");
      const sessions = await listOf(phone);
      expect(sessions.map((s) => [s.userAgent, s.current])).toEqual([
        ["Phone/2.0", true],
        ["Laptop/1.0", false],
      ]);
      expect(sessions[1]!.createdAt).toBe(new Date(Date.UTC(2026, 0, 1)).toISOString());
      const token = phone.jar.get("authjs.session-token")!;
      for (const s of sessions) expect(s.id).not.toContain(token);
    });

    it("revokes another browser's session at once, and never another user's", async () => {
      const { config } = await setup();
      const laptop = await browser(config, "alice");
      const phone = await browser(config, "alice");
      const bob = await browser(config, "bob");
      const bobsId = (await listOf(bob))[0]!.id;
      expect(await (await control(phone, "revoke", { id: bobsId })).json()).toEqual({ revoked: 0 });
      const other = (await listOf(phone)).find((s) => !s.current)!;
      expect(await (await control(phone, "revoke", { id: other.id })).json()).toEqual({ revoked: 1 });
      expect([await whoIs(laptop), await whoIs(phone), await whoIs(bob)]).toEqual([null, "Alice", "Bob"]);
    });

    it("revoke-others keeps this session; revoke-all ends every one and clears this cookie", async () => {
      const { config } = await setup();
      const [a, b] = [await browser(config, "alice"), await browser(config, "alice")];
      expect(await (await control(a, "revoke-others")).json()).toEqual({ revoked: 1 });
      expect([await whoIs(a), await whoIs(b)]).toEqual(["Alice", null]);
      const c = await browser(config, "alice");
      const all = await control(a, "revoke-all");
      expect(await all.json()).toEqual({ revoked: 2 });
      expect(a.jar.get("authjs.session-token")).toBeUndefined();
      expect(await whoIs(c)).toBeNull();
    });

    it("writes lastSeenAt with the extension, at most once per updateAge", async () => {
      const { config, time } = await setup({ updateAge: 3600 });
      const laptop = await browser(config, "alice");
      const first = (await listOf(laptop))[0]!.lastSeenAt;
      time.advance(600);
      await whoIs(laptop);
      expect((await listOf(laptop))[0]!.lastSeenAt).toBe(first);
      time.advance(3600);
      await whoIs(laptop);
      expect((await listOf(laptop))[0]!.lastSeenAt).toBe(
        new Date(Date.UTC(2026, 0, 1) + 4_200_000).toISOString(),
      );
    });

    it("ends a session at session.absoluteMaxAge however active it is", async () => {
      const { config, time } = await setup({ absoluteMaxAge: 3600, updateAge: 0 });
      const laptop = await browser(config, "alice");
      for (let i = 0; i < 5; i++) {
        time.advance(600);
        expect(await whoIs(laptop)).toBe("Alice");
      }
      time.advance(601);
      expect(await whoIs(laptop)).toBeNull();
    });

    it("refuses without a CSRF token and answers 401 when signed out", async () => {
      const { config } = await setup();
      const laptop = await browser(config, "alice");
      expect((await laptop.post("/auth/sessions/revoke-all", { form: {} })).status).toBe(403);
      expect(await whoIs(laptop)).toBe("Alice");
      laptop.jar.set("authjs.session-token", "not-a-session");
      expect((await laptop.get("/auth/sessions")).status).toBe(401);
    });
  });
}
