/**
 * A registration completes for the person its options were made for: the signed-in user, or,
 * signed out, a new account. A session cookie planted in the browser between the options and the
 * callback (a sibling subdomain can set one) must not receive the new passkey.
 */
import { describe, expect, it } from "vitest";
import { ORIGIN, options, otherBrowser, postCallback, register, setup } from "./helpers";
import { SoftAuthenticator } from "./soft-authenticator";

const SESSION = "authjs.session-token";
const VERIFICATION = `${ORIGIN}/auth/error?error=WebAuthnVerificationError`;

describe.each(["database", "jwt"] as const)("with %s sessions, a registration challenge", (strategy) => {
  /** Mallory has an account and a fresh session in her own browser. */
  async function withMallory() {
    const s = setup({ session: { strategy } });
    const mallory = otherBrowser(s.client);
    await register(mallory, new SoftAuthenticator(ORIGIN), "mallory@example.com");
    const malloryUser = (await s.adapter.getUserByEmail!("mallory@example.com"))!;
    return { ...s, mallory, malloryUser };
  }

  it("made for the signed-in user does not add the passkey to another user's session planted before the callback", async () => {
    const { client, adapter, authenticator, mallory, malloryUser, errors } = await withMallory();
    await register(client, authenticator, "alice@example.com");
    const alice = (await adapter.getUserByEmail!("alice@example.com"))!;
    const { body } = await options(client, { action: "register" });
    expect(body.options).toMatchObject({ user: { name: "alice@example.com" } });

    client.jar.set(SESSION, mallory.jar.get(SESSION)!);
    const data = JSON.stringify(authenticator.create(body.options));
    const response = await postCallback(client, { action: "register", data });
    expect(response.headers.get("location")).toBe(VERIFICATION);
    expect(errors.map((error) => error.message)).toEqual([expect.stringMatching(/another user/)]);
    expect(await adapter.listAuthenticatorsByUserId!(malloryUser.id)).toHaveLength(1);
    expect(await adapter.listAuthenticatorsByUserId!(alice.id)).toHaveLength(1);
  });

  it("made signed out for a new address does not link the passkey to a user signed in at the callback", async () => {
    const { client, adapter, authenticator, mallory, malloryUser, errors } = await withMallory();
    const { body } = await options(client, { email: "new@example.com" });
    expect(body.action).toBe("register");

    client.jar.set(SESSION, mallory.jar.get(SESSION)!);
    const data = JSON.stringify(authenticator.create(body.options));
    const response = await postCallback(client, { action: "register", data });
    expect(response.headers.get("location")).toBe(VERIFICATION);
    expect(errors.map((error) => error.message)).toEqual([expect.stringMatching(/completed signed in/)]);
    expect(await adapter.listAuthenticatorsByUserId!(malloryUser.id)).toHaveLength(1);
    expect(await adapter.getUserByEmail!("new@example.com")).toBeNull();
  });

  it("made for the signed-in user adds the passkey when that user is still signed in", async () => {
    const { client, adapter, authenticator } = await withMallory();
    await register(client, authenticator, "alice@example.com");
    const alice = (await adapter.getUserByEmail!("alice@example.com"))!;
    const { body } = await options(client, { action: "register" });
    const data = JSON.stringify(authenticator.create(body.options));
    expect((await postCallback(client, { action: "register", data })).headers.get("location")).toBe(ORIGIN);
    expect(await adapter.listAuthenticatorsByUserId!(alice.id)).toHaveLength(2);
  });
});
