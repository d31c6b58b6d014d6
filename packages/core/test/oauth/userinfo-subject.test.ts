/**
 * A userinfo response must be about the subject of the checked ID token (OpenID Connect Core 1.0,
 * section 5.3.2). The real OpenID Provider is told to answer its userinfo endpoint for another
 * account than the one that logged in; the ID token stays the logged-in account's.
 */
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

const MALLORY = { sub: "mallory", email: "mallory@evil.test", name: "Mallory" };
const UPPER_ALICE = { ...ALICE, sub: "ALICE", name: "Upper Alice" };

/** Whose claims the userinfo endpoint releases for alice's access token, per test. */
let answerFor = "alice";
let idp: TestOpenIdProvider;
beforeAll(async () => {
  idp = await startIdp({
    accounts: [ALICE, BOB, MALLORY, UPPER_ALICE],
    userinfoAccount: (sub) => (sub === "alice" ? answerFor : sub),
  });
});
afterAll(() => idp.stop());

/** An OAuth 2 provider asking for `openid`: an ID token comes back, and the profile from userinfo. */
function oauthWithIdToken() {
  return oidcProvider(idp, { type: "oauth", authorization: { params: { scope: "openid email profile" } } });
}

describe("a userinfo response next to an ID token", () => {
  const mismatches: Array<[string, string]> = [
    ["another subject", "mallory"],
    ["a subject differing only in case", "ALICE"],
  ];

  it.each(mismatches)(
    "about %s is refused with OAuthCallbackError and signs no one in",
    async (_name, other) => {
      answerFor = other;
      const config = oauthConfig([oauthWithIdToken()]);
      const client = browser(config);
      const response = await signInThrough(client, idp, { sub: "alice" });
      const url = location(response);
      expect(`${url.pathname}${url.search}`).toBe("/auth/signin?error=OAuthCallbackError");
      expect(client.jar.get("authjs.session-token")).toBeUndefined();
      expect(await sessionOf(client)).toBeNull();
      expect(config.recorded.events.map((e) => e.name)).not.toContain("signIn");
      const logged = config.recorded.errors.map((e) => e.message).join("\n");
      expect(logged).toContain("the userinfo response is about another subject than the ID token");
      expect(logged).not.toContain(other);
    },
  );

  it("about the ID token's subject signs in with the userinfo profile", async () => {
    answerFor = "alice";
    const config = oauthConfig([oauthWithIdToken()]);
    const client = browser(config);
    const response = await signInThrough(client, idp, { sub: "alice" });
    expect(location(response).pathname).toBe("/dashboard");
    expect(await sessionOf(client)).toMatchObject({ user: { name: "Alice Example", email: ALICE.email } });
    expect(config.recorded.errors).toEqual([]);
  });
});
