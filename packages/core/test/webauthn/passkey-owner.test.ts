/**
 * A passkey signs in its own user, whatever the adapter's account lookup answers: the passkey's
 * rows (authenticator and account) name that user, and a `getUserByAccount` that answers another
 * one (a buggy query, a table another app writes to) must not turn the passkey into their session.
 */
import { describe, expect, it } from "vitest";
import { authenticate, ORIGIN, otherBrowser, register, setup } from "./helpers";

const VERIFICATION = `${ORIGIN}/auth/error?error=WebAuthnVerificationError`;

describe("getUserByAccount answering a user other than the passkey's", () => {
  it("refuses the sign-in instead of signing in as that user", async () => {
    const { client, adapter, authenticator, errors } = setup();
    await register(client, authenticator, "alice@example.com");
    const bob = await adapter.createUser!({ id: "u-bob", email: "bob@example.com", emailVerified: null });
    const lookup = adapter.getUserByAccount!;
    adapter.getUserByAccount = async (key) => ((await lookup(key)) ? bob : null);

    const later = otherBrowser(client);
    expect((await authenticate(later, authenticator)).headers.get("location")).toBe(VERIFICATION);
    expect(errors.map((error) => error.message)).toEqual([expect.stringMatching(/another user/)]);
    expect(await later.session()).toBeNull();
    expect(await adapter.listSessionsByUser!(bob.id)).toHaveLength(0);
  });
});
