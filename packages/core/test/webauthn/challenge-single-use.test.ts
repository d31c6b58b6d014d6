/**
 * A WebAuthn challenge completes one ceremony at most, whichever browser posts it: clearing the
 * challenge cookie only stops the browser that held it, and synced passkeys always report a
 * signature counter of 0, so the counter cannot tell a replayed assertion either. Each challenge
 * is recorded through the adapter's verification tokens when issued and taken when used.
 */
import type { Adapter } from "@portcullis/core/adapters";
import { describe, expect, it } from "vitest";
import { CHALLENGE_COOKIE, ORIGIN, options, otherBrowser, postCallback, register, setup } from "./helpers";

const EMAIL = "ada@example.com";
const SESSION = "authjs.session-token";

/** Counts the adapter's verification-token calls. */
function countTokenCalls(adapter: Adapter) {
  const calls = { create: 0, use: 0 };
  const create = adapter.createVerificationToken!;
  const use = adapter.useVerificationToken!;
  adapter.createVerificationToken = (row) => {
    calls.create += 1;
    return create(row);
  };
  adapter.useVerificationToken = (params) => {
    calls.use += 1;
    return use(params);
  };
  return calls;
}

/** Ada has a passkey whose authenticator reports signCount 0, as synced passkeys do. */
async function zeroCounterPasskey() {
  const s = setup();
  await register(s.client, s.authenticator, EMAIL);
  const credential = s.authenticator.credentials[0]!;
  const browser = otherBrowser(s.client);
  const { body } = await options(browser, { action: "authenticate" });
  credential.counter = -1; // the soft authenticator adds 1 before signing
  const form = {
    action: "authenticate",
    data: JSON.stringify(s.authenticator.get(body.options, credential)),
  };
  return { ...s, browser, form, credentialId: credential.id.toString("base64url") };
}

describe("an authentication challenge used twice", () => {
  it("does not sign in a second browser that replays a zero-counter assertion with its challenge cookie", async () => {
    const { adapter, browser, form, credentialId, errors } = await zeroCounterPasskey();
    const cookie = browser.jar.get(CHALLENGE_COOKIE)!;
    expect((await postCallback(browser, form)).headers.get("location")).toBe(ORIGIN);
    expect(await browser.session()).toMatchObject({ user: { email: EMAIL } });

    // Whoever captured the posted form and the challenge cookie replays them within its lifetime.
    const replayer = otherBrowser(browser);
    replayer.jar.set(CHALLENGE_COOKIE, cookie);
    const replay = await postCallback(replayer, form);
    expect(replay.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=WebAuthnVerificationError`);
    expect(replayer.jar.get(SESSION)).toBeUndefined();
    expect(await replayer.session()).toBeNull();
    expect(errors.map((error) => error.message)).toEqual([
      expect.stringMatching(/challenge was used already/),
    ]);
    expect((await adapter.getAuthenticator!(credentialId))?.counter).toBe(0);
  });

  it("costs one createVerificationToken at the options and one useVerificationToken at the callback", async () => {
    const { adapter, client, authenticator } = setup();
    const calls = countTokenCalls(adapter);
    await register(client, authenticator, EMAIL);
    expect(calls).toEqual({ create: 1, use: 1 });
  });

  it("is refused, with the error page and no session, when the adapter cannot take the challenge", async () => {
    const { adapter, browser, form, credentialId } = await zeroCounterPasskey();
    adapter.useVerificationToken = () => {
      throw new Error("database unavailable");
    };
    const response = await postCallback(browser, form);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(await browser.session()).toBeNull();
    expect((await adapter.getAuthenticator!(credentialId))?.counter).toBe(0);
  });
});
