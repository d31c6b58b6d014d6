/**
 * A passkey added while signed in goes to the session's user. When that session cookie was
 * planted by a sibling subdomain, the victim's passkey would open the planter's account: a
 * registration into an existing session is allowed only within linking.maxSessionAge of its
 * sign-in, as linking an OAuth account is. A database session's sign-in is its row's createdAt:
 * extending the row (which any holder of the cookie can make a read do) does not sign it in anew.
 */
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { describe, expect, it } from "vitest";
import { options, register, setup } from "./helpers";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

function clockedSetup(strategy: "database" | "jwt", linking?: { maxSessionAge: number }) {
  let now = Date.UTC(2026, 0, 1, 12);
  const app = setup({ now: () => now, session: { strategy }, ...(linking ? { linking } : {}) });
  const advance = (ms: number): void => {
    now += ms;
  };
  return { ...app, advance };
}

describe.each(["database", "jwt"] as const)("registering another passkey (%s sessions)", (strategy) => {
  it("is offered within linking.maxSessionAge of the sign-in", async () => {
    const { client, authenticator, advance } = clockedSetup(strategy);
    await register(client, authenticator, "ada@example.com");
    advance(9 * MINUTE);
    const { response, body } = await options(client, { action: "register" });
    expect(response.status).toBe(200);
    expect(body.action).toBe("register");
  });

  it("is refused with 400 once the sign-in is older, and no challenge is set", async () => {
    const { client, authenticator, advance } = clockedSetup(strategy);
    await register(client, authenticator, "ada@example.com");
    advance(11 * MINUTE);
    // A read in between must not count as a sign-in (it extends a database session only after updateAge).
    await client.session();
    const { response, body } = await options(client, { action: "register" });
    expect(response.status).toBe(400);
    expect(body).toEqual({ error: "Invalid request" });
    expect(response.headers.getSetCookie().some((c) => c.startsWith("authjs.challenge="))).toBe(false);
  });

  it("follows a longer window from the configuration", async () => {
    const { client, authenticator, advance } = clockedSetup(strategy, { maxSessionAge: 3600 });
    await register(client, authenticator, "ada@example.com");
    advance(30 * MINUTE);
    expect((await options(client, { action: "register" })).response.status).toBe(200);
  });
});

describe("registering another passkey (database sessions)", () => {
  it("is refused days after the sign-in, even after a read extended the session", async () => {
    const { client, authenticator, advance } = clockedSetup("database");
    await register(client, authenticator, "ada@example.com");
    advance(3 * DAY);
    // Past updateAge (a day): this read extends the row, as any holder of the cookie can make it do.
    expect(((await client.session()) as { user?: { email?: string } } | null)?.user?.email).toBe(
      "ada@example.com",
    );
    const { response, body } = await options(client, { action: "register" });
    expect(response.status).toBe(400);
    expect(body).toEqual({ error: "Invalid request" });
  });

  it("is refused when the adapter keeps no sign-in time (createdAt), with a log line that says what to do", async () => {
    const debug: string[] = [];
    // Like Auth.js's adapters: no session listing, so sessions are stored without their details.
    const { listSessionsByUser: _l, deleteSessionsByUser: _d, ...adapter } = MemoryAdapter();
    const { client, authenticator } = setup({
      adapter,
      session: { strategy: "database" },
      logger: { debug: (message) => void debug.push(message), error: () => {}, warn: () => {} },
    });
    await register(client, authenticator, "ada@example.com");
    const { response } = await options(client, { action: "register" });
    expect(response.status).toBe(400);
    expect(debug.filter((line) => line.startsWith("Passkey registration refused"))).toEqual([
      expect.stringMatching(/sign-in time is unknown.*createdAt.*adapter that keeps it.*session\.store/),
    ]);
  });
});
