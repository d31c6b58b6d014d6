/**
 * POST callback/{id} of a passkey provider over HTTP, with a software authenticator making real
 * credentials: registration stores the user, account and authenticator and signs in; a later
 * authentication signs the same user in and advances the counter; the `signIn` callback, events,
 * `pages.newUser` and account rules apply as for other providers.
 */
import type { AdapterAuthenticator } from "@portcullis/core/adapters";
import Passkey from "@portcullis/core/providers/passkey";
import WebAuthn from "@portcullis/core/providers/webauthn";
import { parseSetCookie } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import {
  authenticate,
  CHALLENGE_COOKIE,
  ORIGIN,
  options,
  otherBrowser,
  postCallback,
  register,
  setup,
  storeAsAuthJs,
} from "./helpers";
import { SoftAuthenticator } from "./soft-authenticator";

const EMAIL = "ada@example.com";

describe.each(["database", "jwt"] as const)("with %s sessions", (strategy) => {
  it("registers a new user's passkey, stores its rows and signs them in", async () => {
    const { client, adapter, authenticator } = setup({ session: { strategy } });
    const response = await register(client, authenticator, EMAIL);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(await client.session()).toMatchObject({ user: { email: EMAIL } });

    const credentialId = authenticator.credentials[0]!.id.toString("base64url");
    const user = await adapter.getUserByEmail!(EMAIL);
    expect(await adapter.getAccount!(credentialId, "passkey")).toMatchObject({
      userId: user?.id,
      type: "webauthn",
      provider: "passkey",
      providerAccountId: credentialId,
    });
    const stored = await adapter.getAuthenticator!(credentialId);
    expect(stored).toMatchObject({
      credentialID: credentialId,
      providerAccountId: credentialId,
      userId: user?.id,
      counter: 0,
      credentialDeviceType: "singleDevice",
      credentialBackedUp: false,
      transports: "internal,hybrid",
    } satisfies Partial<AdapterAuthenticator>);
    expect(stored?.credentialPublicKey).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it("signs the same user in again with the passkey and advances its counter", async () => {
    const { client, adapter, authenticator } = setup({ session: { strategy } });
    await register(client, authenticator, EMAIL);
    const later = otherBrowser(client);
    expect((await authenticate(later, authenticator)).headers.get("location")).toBe(ORIGIN);
    expect(await later.session()).toMatchObject({ user: { email: EMAIL } });
    await authenticate(later, authenticator);
    const credentialId = authenticator.credentials[0]!.id.toString("base64url");
    expect((await adapter.getAuthenticator!(credentialId))?.counter).toBe(2);
  });
  it("adds a second passkey to the signed-in user's account", async () => {
    const { client, adapter, authenticator } = setup({ session: { strategy } });
    await register(client, authenticator, EMAIL);
    const { body } = await options(client, { action: "register" });
    const response = await postCallback(client, {
      action: "register",
      data: JSON.stringify(authenticator.create(body.options)),
    });
    expect(response.status).toBe(302);
    const user = await adapter.getUserByEmail!(EMAIL);
    expect(await adapter.listAuthenticatorsByUserId!(user!.id)).toHaveLength(2);
    const later = otherBrowser(client);
    await authenticate(later, authenticator);
    expect(await later.session()).toMatchObject({ user: { email: EMAIL } });
  });
});

describe("registration", () => {
  it("clears the challenge cookie once used", async () => {
    const { client, authenticator } = setup();
    const response = await register(client, authenticator, EMAIL);
    const header = response.headers.getSetCookie().find((h) => h.startsWith(`${CHALLENGE_COOKIE}=`));
    expect(header && parseSetCookie(header).attributes["max-age"]).toBe("0");
    expect(client.jar.get(CHALLENGE_COOKIE)).toBeUndefined();
  });

  it("sends a new user to pages.newUser and fires createUser, linkAccount and signIn", async () => {
    const fired: string[] = [];
    const { client, authenticator } = setup({
      pages: { newUser: "/welcome" },
      events: {
        createUser: () => void fired.push("createUser"),
        linkAccount: ({ account }) => void fired.push(`linkAccount:${account.type}`),
        signIn: ({ isNewUser }) => void fired.push(`signIn:${isNewUser}`),
      },
    });
    const response = await register(client, authenticator, EMAIL);
    expect(response.headers.get("location")).toBe(
      `${ORIGIN}/welcome?callbackUrl=${encodeURIComponent(ORIGIN)}`,
    );
    expect(fired).toEqual(["createUser", "linkAccount:webauthn", "signIn:true"]);
  });

  it("stores nothing when the signIn callback refuses", async () => {
    const { client, adapter, authenticator } = setup({ callbacks: { signIn: () => false } });
    const response = await register(client, authenticator, EMAIL);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=AccessDenied`);
    expect(await adapter.getUserByEmail!(EMAIL)).toBeNull();
  });

  it("removes the new user again when the authenticator cannot be stored", async () => {
    const { client, adapter, authenticator } = setup();
    adapter.createAuthenticator = async () => {
      throw new Error("disk full");
    };
    const response = await register(client, authenticator, EMAIL);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(await adapter.getUserByEmail!(EMAIL)).toBeNull();
    expect(await client.session()).toBeNull();
  });

  it("answers with {url} JSON when asked to return the redirect", async () => {
    const { client, authenticator } = setup();
    const { body } = await options(client, { email: EMAIL });
    const csrfToken = await client.csrfToken();
    const response = await client.post("/auth/callback/passkey", {
      headers: { "X-Auth-Return-Redirect": "1" },
      form: { csrfToken, action: "register", data: JSON.stringify(authenticator.create(body.options)) },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: ORIGIN });
    expect(await client.session()).toMatchObject({ user: { email: EMAIL } });
  });
});

describe("authentication", () => {
  it("refuses a passkey of another user while signed in (AccountNotLinked)", async () => {
    const { client, authenticator } = setup();
    const other = otherBrowser(client);
    await register(other, authenticator, "grace@example.com");
    await register(client, new SoftAuthenticator(ORIGIN), EMAIL);
    const response = await authenticate(client, authenticator);
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/signin?error=AccountNotLinked`);
    expect(await client.session()).toMatchObject({ user: { email: EMAIL } });
  });

  it("does not sign in through one WebAuthn provider with a passkey registered through another", async () => {
    const { client, authenticator } = setup({
      providers: [WebAuthn({ enableConditionalUI: false }), Passkey],
    });
    await register(client, authenticator, EMAIL);
    const later = otherBrowser(client);
    const { body } = await options(later, { action: "authenticate" }, "webauthn");
    const response = await postCallback(
      later,
      { action: "authenticate", data: JSON.stringify(authenticator.get(body.options)) },
      "webauthn",
    );
    expect(response.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=WebAuthnVerificationError`);
    expect(await later.session()).toBeNull();
  });

  it("finds a passkey that Auth.js stored under its standard base64 credential id", async () => {
    const { client, adapter, authenticator } = setup();
    await register(client, authenticator, EMAIL);
    const legacyId = await storeAsAuthJs(adapter, EMAIL, authenticator.credentials[0]!.id);
    const later = otherBrowser(client);
    expect((await authenticate(later, authenticator)).headers.get("location")).toBe(ORIGIN);
    expect(await later.session()).toMatchObject({ user: { email: EMAIL } });
    expect((await adapter.getAuthenticator!(legacyId))?.counter).toBe(1);
  });
});
