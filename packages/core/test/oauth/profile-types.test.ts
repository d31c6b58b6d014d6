/**
 * Profile fields of the wrong type from the identity provider. Whatever its userinfo answers, a
 * user row holds `name`, `email` and `image` as a string or null, the adapter is asked about
 * string addresses only, and the account's `providerAccountId` is the provider's id, never a
 * stringified object: a sign-in without a usable id is refused and stores nothing.
 */
import type { Adapter, OAuth2Config } from "@portcullis/core";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser, location, oauthConfig, startSignIn } from "./helpers";
import { type HostileIdp, hostileProvider, json, startHostileIdp } from "./hostile-idp";

let idp: HostileIdp;
beforeAll(async () => {
  idp = await startHostileIdp();
});
afterAll(() => idp.stop());

/**
 * Signs in with the hostile provider answering `userinfo`, on a memory adapter that records the
 * type of every address `getUserByEmail` is asked about. Answers where the callback redirected.
 */
async function signIn(
  userinfo: unknown,
  options: { adapter?: Adapter; provider?: Partial<OAuth2Config> } = {},
) {
  idp.userinfo = json(userinfo);
  const inner = options.adapter ?? MemoryAdapter();
  const lookedUp: string[] = [];
  const adapter: Adapter = {
    ...inner,
    getUserByEmail: (email) => {
      lookedUp.push(typeof email);
      return inner.getUserByEmail!(email);
    },
  };
  const client = browser(oauthConfig([hostileProvider(idp, options.provider)], { adapter }));
  await startSignIn(client, "evil");
  const landed = location(await client.get("/auth/callback/evil?code=abc"));
  return { adapter: inner, landed: `${landed.pathname}${landed.search}`, lookedUp };
}

function ownerOf(adapter: Adapter, providerAccountId: string) {
  return adapter.getUserByAccount!({ provider: "evil", providerAccountId });
}

describe("the provider's id", () => {
  const refused: Array<[string, unknown]> = [
    ["an object", { id: "m2" }],
    ["an array", ["m2"]],
    ["a boolean", true],
    ["an empty string", ""],
    ["null", null],
  ];

  it.each(refused)("as %s: the sign-in is refused and nothing is stored", async (_name, sub) => {
    const adapter = MemoryAdapter();
    const { landed } = await signIn({ sub, email: "m2@evil.test" }, { adapter });
    expect(landed).toBe("/auth/error?error=Configuration");
    expect(await adapter.getUserByEmail!("m2@evil.test")).toBeNull();
    expect(await ownerOf(adapter, "[object Object]")).toBeNull();
  });

  it("as a number: the account id is its decimal string", async () => {
    const { adapter, landed } = await signIn({ sub: 4242, email: "n@evil.test" });
    expect(landed).toBe("/dashboard");
    expect(await ownerOf(adapter, "4242")).toMatchObject({ email: "n@evil.test" });
  });
});

describe("name, email and image", () => {
  it("an object name, an array email and an object picture are stored as null", async () => {
    const { adapter, landed, lookedUp } = await signIn({
      sub: "m1",
      name: { first: "Mallory", toString: "x" },
      email: ["victim@example.test"],
      picture: { url: "https://evil.test/m.png" },
    });
    expect(landed).toBe("/dashboard");
    expect(await ownerOf(adapter, "m1")).toMatchObject({ name: null, email: null, image: null });
    expect(lookedUp).toEqual([]);
  });

  it("an array email never reaches getUserByEmail, so it cannot find the victim", async () => {
    const adapter = MemoryAdapter();
    await adapter.createUser!({ id: "victim", email: "victim@example.test", emailVerified: null });
    const { landed, lookedUp } = await signIn({ sub: "m3", email: ["victim@example.test"] }, { adapter });
    expect(landed).toBe("/dashboard");
    expect(lookedUp).toEqual([]);
    expect((await ownerOf(adapter, "m3"))?.id).not.toBe("victim");
  });

  it("values a custom profile callback returns are held to the same types", async () => {
    const provider: Partial<OAuth2Config> = {
      // A callback that trusts its provider's types, as many do.
      profile: (profile) => ({
        id: profile.sub as string,
        name: profile.login as string,
        email: profile.mail as string,
        image: profile.avatar as string,
      }),
    };
    const { adapter } = await signIn(
      { sub: "c1", login: ["mallory"], mail: { address: "x@evil.test" }, avatar: 7 },
      { provider },
    );
    expect(await ownerOf(adapter, "c1")).toMatchObject({ name: null, email: null, image: null });
  });

  it('an empty email is no address: two users whose provider reports "" both sign up', async () => {
    const adapter = MemoryAdapter();
    for (const sub of ["e1", "e2"]) {
      const { landed, lookedUp } = await signIn({ sub, email: "", name: sub }, { adapter });
      expect(landed, `sign-in of ${sub}`).toBe("/dashboard");
      expect(lookedUp).toEqual([]);
    }
    expect(await ownerOf(adapter, "e1")).toMatchObject({ name: "e1", email: null });
    expect(await ownerOf(adapter, "e2")).toMatchObject({ name: "e2", email: null });
  });
});
