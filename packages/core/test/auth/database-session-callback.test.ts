/**
 * What the `session` callback receives with database sessions, over HTTP on the real memory
 * adapter: the same arguments Auth.js passes, so Auth.js apps' callbacks work unchanged.
 */
import type { Session } from "@portcullis/core";
import type { AdapterSession, AdapterUser } from "@portcullis/core/adapters";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { describe, expect, it } from "vitest";
import { client, config, signIn } from "./helpers";

const NOW = Date.UTC(2026, 0, 1);
const DAY = 24 * 3600 * 1000;
const ALICE: AdapterUser = {
  id: "u1",
  email: "alice@example.com",
  emailVerified: new Date("2025-12-24T10:00:00.000Z"),
  name: "Alice",
  image: "https://example.com/a.png",
};

type Received = { session: AdapterSession & { user: AdapterUser }; user: AdapterUser };

async function signedIn(callback: (params: Received) => Session | AdapterSession) {
  const adapter = MemoryAdapter();
  await adapter.createUser!({ ...ALICE, role: "admin" } as AdapterUser);
  const calls: Received[] = [];
  const c = client(
    config({
      adapter,
      now: () => NOW,
      callbacks: {
        session: (params) => {
          calls.push(params as unknown as Received);
          return callback(params as unknown as Received) as Session;
        },
      },
    }),
  );
  await signIn(c);
  return { c, calls, adapter };
}

describe("the session callback with database sessions", () => {
  it("receives the stored session (token, user id, expires as a Date) and the full user", async () => {
    const { c, calls } = await signedIn(({ session }) => ({
      user: { name: session.user.name },
      expires: session.expires.toISOString(),
    }));
    await c.session();
    expect(calls).toHaveLength(1);
    const { session, user } = calls[0]!;
    expect(session.sessionToken).toBe(c.jar.get("authjs.session-token"));
    expect(session.userId).toBe("u1");
    expect(session.expires).toBeInstanceOf(Date);
    expect(session.expires.getTime()).toBe(NOW + 30 * DAY);
    // The full adapter user, extra columns included, on both arguments as Auth.js passes it.
    expect(user).toEqual({ ...ALICE, role: "admin" });
    expect(session.user).toEqual(user);
  });

  it("sends what an Auth.js-style callback returns, with expires as ISO text and no session token", async () => {
    const { c } = await signedIn(({ session, user }) => {
      session.user.id = user.id;
      return session;
    });
    const response = await c.get("/auth/session");
    const text = await response.text();
    expect(JSON.parse(text)).toMatchObject({
      user: { id: "u1", name: "Alice", email: "alice@example.com" },
      userId: "u1",
      expires: new Date(NOW + 30 * DAY).toISOString(),
    });
    // The cookie is HttpOnly so that scripts cannot read it; the body must not undo that.
    expect(JSON.parse(text)).not.toHaveProperty("sessionToken");
    expect(text).not.toContain(c.jar.get("authjs.session-token")!);
  });

  it("receives the app's own columns of the session row, and a returned session carries them but not the kept ID token", async () => {
    const { c, calls, adapter } = await signedIn(({ session }) => session);
    const sessionToken = c.jar.get("authjs.session-token")!;
    // A column the app added (the organisation a user switched to), and the ID token a
    // federating provider's sign-in keeps on the row.
    await adapter.updateSession!({
      sessionToken,
      activeOrganizationId: "org-7",
      idToken: "header.claims.sig",
    } as {
      sessionToken: string;
    });
    const text = await (await c.get("/auth/session")).text();
    const received = calls.at(-1)!.session as unknown as Record<string, unknown>;
    expect(received.activeOrganizationId).toBe("org-7");
    expect(received.idToken).toBe("header.claims.sig");
    expect(JSON.parse(text)).toMatchObject({ activeOrganizationId: "org-7", userId: "u1" });
    expect(text).not.toContain("header.claims.sig");
    expect(text).not.toContain(sessionToken);
  });
});
