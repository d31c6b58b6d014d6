/**
 * The linking window (`linking.maxSessionAge`) counts from the session's sign-in time: the JWT's
 * `auth_time`, or the database row's `createdAt`, written by whichever server's clock signed the
 * user in. A sign-in time further ahead of this server's clock than clocks differ (15 s) is
 * unknown, hence not recent: otherwise a session signed in while a clock ran fast would stay
 * linkable for as long as that clock was ahead, and a planted cookie with it. This is how a
 * `sid_checked` ahead of the clock counts as no check. Runs against the real OpenID Provider.
 */
import { MemoryAdapter } from "@portcullis/memory-adapter";
import type { TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BOB,
  browser,
  location,
  MALLORY,
  oauthConfig,
  oidcProvider,
  owner,
  signInThrough,
  startIdp,
} from "./helpers";

const MINUTE = 60_000;

let idp: TestOpenIdProvider;
beforeAll(async () => {
  idp = await startIdp({ ids: ["idp", "other"], accounts: [BOB, MALLORY] });
});
afterAll(() => idp.stop());

/** Two providers at the IdP, a one-minute window, and a clock the test sets (from the real time). */
function setup(strategy: "jwt" | "database") {
  const adapter = MemoryAdapter();
  const start = Date.now();
  let now = start;
  const config = oauthConfig([oidcProvider(idp), oidcProvider(idp, { id: "other" })], {
    adapter,
    now: () => now,
    session: { strategy },
    linking: { maxSessionAge: 60 },
  });
  const setClock = (msFromStart: number) => {
    now = start + msFromStart;
  };
  return { adapter, config, setClock };
}

describe.each(["jwt", "database"] as const)("a sign-in time ahead of the clock (%s sessions)", (strategy) => {
  it("is not recent: a planted session signed in while the clock ran ten minutes fast links nothing", async () => {
    const { adapter, config, setClock } = setup(strategy);
    setClock(10 * MINUTE);
    const attacker = browser(config);
    await signInThrough(attacker, idp, { sub: "mallory" });
    expect(await owner(adapter, "idp", "mallory")).toBeTruthy();

    // The clock is set right; two real minutes after Mallory's sign-in (the window is one), her
    // session cookie, planted in Bob's browser, meets Bob's first sign-in with "other".
    setClock(2 * MINUTE);
    const victim = browser(config);
    victim.jar.set("authjs.session-token", attacker.jar.get("authjs.session-token")!);
    const response = await signInThrough(victim, idp, { id: "other", sub: "bob" });
    expect(location(response).href).toBe("http://localhost:3000/auth/signin?error=OAuthAccountNotLinked");
    expect(await owner(adapter, "other", "bob")).toBeNull();
    expect(config.recorded.errors.map((error) => error.message)).toContainEqual(
      expect.stringContaining("sign-in time lies ahead of this server's clock"),
    );
  });

  it("is still recent within the skew servers' clocks have (10 s ahead)", async () => {
    const { adapter, config, setClock } = setup(strategy);
    setClock(10_000);
    const mallory = browser(config);
    await signInThrough(mallory, idp, { sub: "mallory" });
    setClock(0);
    await signInThrough(mallory, idp, { id: "other", sub: "mallory" });
    const user = await owner(adapter, "idp", "mallory");
    expect((await owner(adapter, "other", "mallory"))?.id).toBe(user!.id);
  });
});
