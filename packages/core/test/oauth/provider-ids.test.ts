/**
 * A built-in provider's profile mapping hands the core the id as the provider sent it, so that the
 * core's id rule (a non-empty string or a finite number, else OAuthProfileParseError and nothing
 * stored) sees it. Turned into text first (`String(profile.id)`), a missing id became the account
 * "undefined", and every later user without an id was signed in as the first.
 */
import type { OAuth2Config } from "@portcullis/core";
import GitHub from "@portcullis/core/providers/github";
import GitLab from "@portcullis/core/providers/gitlab";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser, location, oauthConfig, sessionOf, startSignIn } from "../oauth/helpers";
import { type HostileIdp, json, startHostileIdp } from "../oauth/hostile-idp";

let idp: HostileIdp;
beforeAll(async () => {
  idp = await startHostileIdp();
});
afterAll(() => idp.stop());

// Each factory is typed by its own profile; the sign-in takes any provider.
const factories: Array<[string, (url: string) => OAuth2Config<never>]> = [
  [
    "gitlab",
    (url) =>
      GitLab({
        clientId: "c",
        clientSecret: "s",
        authorization: { url: `${url}/authorize` },
        token: `${url}/token`,
        userinfo: `${url}/userinfo`,
      }),
  ],
  [
    "github",
    (url) =>
      GitHub({
        clientId: "c",
        clientSecret: "s",
        authorization: { url: `${url}/authorize` },
        token: `${url}/token`,
        userinfo: { url: `${url}/userinfo` },
      }),
  ],
];

describe("a built-in provider whose user answer carries no usable id", () => {
  it.each(factories)(
    "%s: two different users without an id are refused, not merged into one account",
    async (id, make) => {
      const adapter = MemoryAdapter();
      const landed: string[] = [];
      const users: Array<Record<string, unknown> | undefined> = [];
      for (const who of ["first", "second"]) {
        // The provider's user object without its id (an API change, an error object with 200, a hostile IdP).
        idp.userinfo = json({ login: who, name: who, email: `${who}@example.test` });
        const client = browser(oauthConfig([make(idp.url)], { adapter }));
        await startSignIn(client, id);
        const url = location(await client.get(`/auth/callback/${id}?code=abc`));
        landed.push(`${url.pathname}${url.search}`);
        users.push((await sessionOf(client))?.user);
      }
      // The second person must never be signed in as the first.
      expect(users[1]?.email).not.toBe("first@example.test");
      expect(landed).toEqual(["/auth/error?error=Configuration", "/auth/error?error=Configuration"]);
      expect(await adapter.getUserByAccount!({ provider: id, providerAccountId: "undefined" })).toBeNull();
    },
  );

  it('gitlab: an object id is refused rather than stored as "[object Object]"', async () => {
    const adapter = MemoryAdapter();
    idp.userinfo = json({ id: { n: 1 }, username: "m", email: "m@example.test" });
    const client = browser(oauthConfig([factories[0]![1](idp.url)], { adapter }));
    await startSignIn(client, "gitlab");
    const url = location(await client.get("/auth/callback/gitlab?code=abc"));
    expect(`${url.pathname}${url.search}`).toBe("/auth/error?error=Configuration");
    expect(
      await adapter.getUserByAccount!({ provider: "gitlab", providerAccountId: "[object Object]" }),
    ).toBeNull();
  });
});
