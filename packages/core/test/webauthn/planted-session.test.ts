/**
 * A passkey added while signed in goes to the session's user. When that session cookie was
 * planted by a sibling subdomain, the victim's passkey would open the planter's account: a
 * registration into an existing session is allowed only within linking.maxSessionAge of its
 * sign-in, as linking an OAuth account is.
 */
import { describe, expect, it } from "vitest";
import { options, register, setup } from "./helpers";

const MINUTE = 60_000;

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
