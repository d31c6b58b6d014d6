/**
 * Session control without an adapter, with two identity providers. No user row exists, so a
 * sign-in's user id is made from the provider and the account there, never the provider's own
 * subject: two providers may give the same subject to two different people (`alice` at one and
 * `alice` at the other are strangers here), and neither may list or revoke the other's sessions.
 *
 * Real peers: two oidc-provider instances from the testkit.
 */
import { memorySessionStore } from "@portcullis/core";
import type { TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, beforeAll, expect, it } from "vitest";
import { browser, oauthConfig, sessionOf, signInThrough } from "../oauth/helpers";
import { logoutProvider, startLogoutIdp } from "../oauth/logout-helpers";

let first: TestOpenIdProvider;
let second: TestOpenIdProvider;

beforeAll(async () => {
  first = await startLogoutIdp(undefined, undefined, "idp");
  second = await startLogoutIdp(undefined, undefined, "other");
});
afterAll(async () => {
  await first?.stop();
  await second?.stop();
});

function config() {
  return oauthConfig(
    [logoutProvider(first), logoutProvider(second, {}, { id: "other", name: "Other IdP" })],
    { session: { strategy: "jwt", store: memorySessionStore(), revalidateAfter: 0 } },
  );
}

it("a user of another provider with the same subject neither lists nor revokes the other's sessions", async () => {
  const cfg = config();
  const victim = browser(cfg);
  await signInThrough(victim, first, { sub: "alice" });
  const attacker = browser(cfg);
  await signInThrough(attacker, second, { id: "other", sub: "alice" });
  expect(await sessionOf(victim)).toMatchObject({ user: { email: "alice@example.test" } });

  const listed = (await (await attacker.get("/auth/sessions")).json()) as Array<{ current: boolean }>;
  // The attacker's own session only.
  expect.soft(listed).toHaveLength(1);

  const csrfToken = await attacker.csrfToken();
  const response = await attacker.post("/auth/sessions/revoke-others", { form: { csrfToken } });
  expect.soft(await response.json()).toEqual({ revoked: 0 });
  expect(await sessionOf(victim)).toMatchObject({ user: { email: "alice@example.test" } });
});
