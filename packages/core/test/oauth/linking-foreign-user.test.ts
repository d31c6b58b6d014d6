/**
 * Linking a new OAuth account to the user of a JWT session: the user is the one whose id is the
 * token's `sub`, and an adapter whose `getUser` answers another row (a lookup that loses its
 * `where`, a shared table, a fallback to the first row) makes nobody the signed-in user, as a
 * foreign answer does in every other lookup of a session's user. Otherwise the visitor's new
 * account would be linked to that other user for good, and would open their account at every
 * later sign-in. The adapter is the memory adapter, whose `getUser` answers the first user it
 * stored, whatever id it is asked for.
 */
import type { Adapter, AdapterUser } from "@portcullis/core/adapters";
import { AdapterError } from "@portcullis/core/errors";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import type { TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALICE,
  browser,
  location,
  MALLORY,
  oauthConfig,
  oidcProvider,
  sessionOf,
  signInThrough,
  startIdp,
} from "./helpers";

let idp: TestOpenIdProvider;
beforeAll(async () => {
  idp = await startIdp({ ids: ["idp", "other"], accounts: [ALICE, MALLORY] });
});
afterAll(() => idp.stop());

/** A memory adapter whose getUser ignores its id and answers the first user stored. */
function firstRowGetUser(): Adapter {
  const adapter = MemoryAdapter();
  let first: AdapterUser | null = null;
  const createUser = adapter.createUser!.bind(adapter);
  const getUser = adapter.getUser!.bind(adapter);
  adapter.createUser = async (user) => {
    const created = await createUser(user);
    first ??= created;
    return created;
  };
  adapter.getUser = async (id) => (first ? getUser(first.id) : getUser(id));
  return adapter;
}

describe("linking to a JWT session's user whose getUser answers another user", () => {
  it("links nothing to the answered user, logs the AdapterError, and the new account never opens that user's account", async () => {
    const adapter = firstRowGetUser();
    const config = oauthConfig([oidcProvider(idp), oidcProvider(idp, { id: "other" })], {
      adapter,
      session: { strategy: "jwt" },
    });

    // Alice signed up first (the row getUser answers for everyone).
    const alice = browser(config);
    await signInThrough(alice, idp, { sub: "alice" });
    const aliceUser = await adapter.getUserByAccount!({ provider: "idp", providerAccountId: "alice" });
    expect(aliceUser).toBeTruthy();

    // Mallory signs up with her own account, then adds a second one of hers ("other").
    const mallory = browser(config);
    await signInThrough(mallory, idp, { sub: "mallory" });
    expect((await sessionOf(mallory))?.user?.name).toBe("Mallory");
    const second = await signInThrough(mallory, idp, { id: "other", sub: "mallory" });

    // Nobody counts as signed in, so the account is not linked by session; its address belongs
    // to Mallory's user, which has not linked it: sign in as before, then link.
    expect(location(second).href).toBe("http://localhost:3000/auth/signin?error=OAuthAccountNotLinked");
    expect(await adapter.getUserByAccount!({ provider: "other", providerAccountId: "mallory" })).toBeNull();
    const logged = config.recorded.errors.filter((error) => error instanceof AdapterError);
    expect(logged.map((error) => error.message)).toEqual([
      expect.stringContaining("getUser answered a user other"),
    ]);

    // A fresh browser signing in with that account does not land in Alice's account.
    const later = browser(config);
    await signInThrough(later, idp, { id: "other", sub: "mallory" });
    expect((await sessionOf(later))?.user?.email).not.toBe(ALICE.email);
  });
});
