/**
 * Without an adapter, an OAuth sign-in's user id is made from the provider and the account there,
 * which anyone can compute from public facts (the provider's id, a GitHub user number). A
 * credentials provider whose `authorize` answers an id the visitor chose (a username used as the
 * id) could be given that very id, and session control would take the two for one user: the
 * visitor would list the OAuth user's sessions and sign them out everywhere. Such an id is
 * refused for credentials sign-ins without an adapter.
 *
 * Real peer: oidc-provider from the testkit.
 */
import { memorySessionStore } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import type { TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, beforeAll, expect, it } from "vitest";
import { accountUserId } from "../../src/flows/account";
import { browser, oauthConfig, sessionOf, signInThrough } from "../oauth/helpers";
import { logoutProvider, startLogoutIdp } from "../oauth/logout-helpers";

let idp: TestOpenIdProvider;
beforeAll(async () => {
  idp = await startLogoutIdp();
});
afterAll(async () => {
  await idp?.stop();
});

it("a credentials sign-in without an adapter cannot take the user id of someone's OAuth account", async () => {
  const cfg = oauthConfig([logoutProvider(idp)], {
    session: { strategy: "jwt", store: memorySessionStore(), revalidateAfter: 0 },
  });
  cfg.providers = [
    ...cfg.providers,
    Credentials({
      credentials: { username: {}, password: {} },
      // An app that signs in its own users by username, the username being the id.
      authorize: (c) => (c.password === "attacker-pw" ? { id: String(c.username), name: "mallory" } : null),
    }),
  ];
  const victim = browser(cfg);
  await signInThrough(victim, idp, { sub: "alice" });
  expect(await sessionOf(victim)).toMatchObject({ user: { email: "alice@example.test" } });

  // Computed from public facts only: the provider's id and the account's id there.
  const target = await accountUserId("idp", "alice");
  const attacker = browser(cfg);
  const csrf = await attacker.csrfToken();
  const refused = await attacker.post("/auth/callback/credentials", {
    form: { csrfToken: csrf, username: target, password: "attacker-pw" },
  });
  expect(refused.headers.get("location")).toContain("error=CredentialsSignin");
  expect(await sessionOf(attacker)).toBeNull();
  expect((await attacker.get("/auth/sessions")).status).toBe(401);
  expect(await sessionOf(victim), "the victim stays signed in").toMatchObject({
    user: { email: "alice@example.test" },
  });

  // Any other id still signs in.
  await attacker.post("/auth/callback/credentials", {
    form: { csrfToken: await attacker.csrfToken(), username: "mallory", password: "attacker-pw" },
  });
  expect(await sessionOf(attacker)).toMatchObject({ user: { name: "mallory" } });
});
