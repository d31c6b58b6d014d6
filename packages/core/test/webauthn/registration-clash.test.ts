/**
 * A first OAuth sign-in that loses a race to another of the same account signs in as the user
 * the other created (test/oauth/first-sign-in-race.test.ts). A passkey registration never does:
 * its credential is new, so a user holding it by the time the write fails is a clash (a forged
 * credential id), not the same person a moment earlier, and must not be signed into.
 */
import type { AdapterUser } from "@portcullis/core/adapters";
import { describe, expect, it } from "vitest";
import { ORIGIN, otherBrowser, register, setup } from "./helpers";

describe("a passkey registration whose user cannot be stored", () => {
  it("ends on the error page even when the account has a holder by then, and signs nobody in", async () => {
    const { client, adapter, authenticator, errors } = setup();
    const mallory = otherBrowser(client);
    await register(mallory, authenticator, "mallory@example.com");
    const malloryUser = (await adapter.getUserByEmail!("mallory@example.com")) as AdapterUser;
    // The write fails, and from then on the lookup names Mallory as the passkey account's holder.
    let failed = false;
    const lookup = adapter.getUserByAccount!.bind(adapter);
    adapter.getUserByAccount = async (key) => (failed ? malloryUser : lookup(key));
    adapter.createUserWithAccount = async () => {
      failed = true;
      throw new Error("unique violation");
    };

    const response = await register(client, authenticator, "new@example.com");
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(client.jar.get("authjs.session-token")).toBeUndefined();
    expect(errors.map((error) => error.name)).toEqual(["AdapterError"]);
  });
});
