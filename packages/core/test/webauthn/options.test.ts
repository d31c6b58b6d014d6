/**
 * GET webauthn-options/{id} over HTTP: which ceremony a request gets, the options' shape, the
 * challenge cookie, and the 400 answers of WIRE.md.
 */
import { decode } from "@portcullis/core/jwt";
import Credentials from "@portcullis/core/providers/credentials";
import Passkey from "@portcullis/core/providers/passkey";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { parseSetCookie } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";
import { CHALLENGE_COOKIE, options, otherBrowser, register, SECRET, setup } from "./helpers";

function challengeCookie(response: Response) {
  const header = response.headers.getSetCookie().find((h) => h.startsWith(`${CHALLENGE_COOKIE}=`));
  return header === undefined ? undefined : parseSetCookie(header);
}

describe("registration options", () => {
  it("offers registration for the email of an unknown user, with the relying party of the request URL", async () => {
    const { client } = setup();
    const { response, body } = await options(client, { email: " Ada@Example.com " });
    expect(response.status).toBe(200);
    expect(body.action).toBe("register");
    expect(body.options).toMatchObject({
      rp: { id: "localhost", name: "localhost:3000" },
      user: { name: "ada@example.com", displayName: "ada@example.com" },
      authenticatorSelection: { residentKey: "required", userVerification: "required" },
      excludeCredentials: [],
      timeout: 300_000,
    });
    expect(body.options.challenge).toMatch(/^[A-Za-z0-9_-]{32,}$/);
  });

  it("sets a sealed, HttpOnly challenge cookie for 900 seconds bound to the provider", async () => {
    const { client } = setup();
    const { response, body } = await options(client, { email: "ada@example.com" });
    const cookie = challengeCookie(response);
    expect(cookie?.attributes).toMatchObject({
      "max-age": "900",
      httponly: true,
      samesite: "Lax",
      path: "/",
    });
    expect(cookie?.value).not.toContain(body.options.challenge);
    const outer = await decode<{ value: string; provider: string }>({
      token: cookie?.value,
      secret: SECRET,
      salt: CHALLENGE_COOKIE,
    });
    expect(outer?.provider).toBe("passkey");
    const inner = await decode<{ challenge: string; user: { email: string } }>({
      token: outer?.value,
      secret: SECRET,
      salt: "encodedWebauthnChallenge",
    });
    expect(inner).toMatchObject({ challenge: body.options.challenge, user: { email: "ada@example.com" } });
  });

  it("lets a signed-in user register another passkey, excluding the ones they have", async () => {
    const { client, authenticator } = setup();
    await register(client, authenticator, "ada@example.com");
    const { response, body } = await options(client, { action: "register" });
    expect(response.status).toBe(200);
    expect(body.action).toBe("register");
    expect(body.options).toMatchObject({
      user: { name: "ada@example.com" },
      excludeCredentials: [
        { id: authenticator.credentials[0]?.id.toString("base64url"), type: "public-key" },
      ],
    });
  });

  it("takes the relying party from the provider's relayingParty", async () => {
    const provider = Passkey({
      relayingParty: { id: "example.com", name: "Example", origin: "https://example.com" },
    });
    const { client } = setup({ providers: [provider] });
    const { body } = await options(client, { email: "ada@example.com" });
    expect(body.options.rp).toEqual({ id: "example.com", name: "Example" });
  });

  it("asks a custom getUserInfo who the passkey is for", async () => {
    const provider = Passkey({
      getUserInfo: (request) => {
        const handle = new URL(request.url).searchParams.get("handle");
        return handle ? { user: { email: `${handle}@corp.example`, name: handle }, exists: false } : null;
      },
    });
    const { client } = setup({ providers: [provider] });
    const { body } = await options(client, { handle: "grace" });
    expect(body.action).toBe("register");
    expect(body.options.user).toMatchObject({ name: "grace@corp.example", displayName: "grace" });
  });
});

describe("authentication options", () => {
  it("offers authentication with any discoverable passkey when no user is named", async () => {
    const { client } = setup();
    const { response, body } = await options(client);
    expect(response.status).toBe(200);
    expect(body.action).toBe("authenticate");
    expect(body.options).toMatchObject({ rpId: "localhost", userVerification: "required", timeout: 300_000 });
    expect(body.options.allowCredentials ?? []).toEqual([]);
    expect(challengeCookie(response)?.value).toBeTruthy();
  });

  it("allows only the passkeys of an existing user named by email", async () => {
    const { client, authenticator } = setup();
    await register(client, authenticator, "ada@example.com");
    const stranger = otherBrowser(client);
    const { body } = await options(stranger, { email: "ada@example.com" });
    expect(body.action).toBe("authenticate");
    expect(body.options.allowCredentials).toEqual([
      {
        id: authenticator.credentials[0]?.id.toString("base64url"),
        type: "public-key",
        transports: ["internal", "hybrid"],
      },
    ]);
  });

  it("grants an explicit authenticate request to a signed-in user", async () => {
    const { client, authenticator } = setup();
    await register(client, authenticator, "ada@example.com");
    const { response, body } = await options(client, { action: "authenticate" });
    expect(response.status).toBe(200);
    expect(body.action).toBe("authenticate");
  });

  it('answers 400 {"error":"No passkey"} for an existing user without a passkey, instead of any passkey', async () => {
    const { client, adapter } = setup();
    // A user who signs in with a password or a link, and has never added a passkey.
    await adapter.createUser!({ id: "u-bob", email: "bob@example.com", emailVerified: null });
    const { response, body } = await options(client, { email: "bob@example.com" });
    expect(response.status).toBe(400);
    expect(body).toEqual({ error: "No passkey" });
    expect(challengeCookie(response)).toBeUndefined();
  });

  it('answers "No passkey" to an explicit authenticate for an address nobody has', async () => {
    const { client } = setup();
    const { response, body } = await options(client, { action: "authenticate", email: "nobody@example.com" });
    expect(response.status).toBe(400);
    expect(body).toEqual({ error: "No passkey" });
  });

  it("treats an unusable email as no email", async () => {
    const { client } = setup();
    const { body } = await options(client, { email: "not an address" });
    expect(body.action).toBe("authenticate");
  });
});

describe("refused requests", () => {
  it('answers an unknown action with 400 {"error":"Invalid action"} and no challenge', async () => {
    const { client } = setup();
    const { response, body } = await options(client, { action: "delete", email: "ada@example.com" });
    expect(response.status).toBe(400);
    expect(body).toEqual({ error: "Invalid action" });
    expect(challengeCookie(response)).toBeUndefined();
  });

  it('answers a signed-in request without an action with 400 {"error":"Invalid request"}', async () => {
    const { client, authenticator } = setup();
    await register(client, authenticator, "ada@example.com");
    const { response, body } = await options(client);
    expect(response.status).toBe(400);
    expect(body).toEqual({ error: "Invalid request" });
    expect(challengeCookie(response)).toBeUndefined();
  });

  it("refuses to register a passkey for an existing user's email while signed out", async () => {
    const { client, adapter } = setup();
    await adapter.createUser?.({ id: "u1", email: "ada@example.com", emailVerified: null });
    const { response, body } = await options(client, { action: "register", email: "ada@example.com" });
    expect(response.status).toBe(400);
    expect(body).toEqual({ error: "Invalid request" });
    expect(challengeCookie(response)).toBeUndefined();
  });

  it("refuses a registration without an email", async () => {
    const { client } = setup();
    const { response, body } = await options(client, { action: "register" });
    expect(response.status).toBe(400);
    expect(body).toEqual({ error: "Invalid request" });
  });

  it("redirects to the error page for a provider that is not WebAuthn, or unknown", async () => {
    const credentials = Credentials({ authorize: () => null });
    const { client } = setup({ providers: [Passkey, credentials] });
    for (const id of ["credentials", "nope"]) {
      const response = await client.get(`/auth/webauthn-options/${id}`);
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("http://localhost:3000/auth/error?error=Configuration");
    }
  });

  it("answers a configuration error when no adapter is configured (checked at first use)", async () => {
    const { client } = setup({ adapter: undefined });
    const response = await client.get("/auth/webauthn-options/passkey?email=ada@example.com");
    expect(response.status).toBe(500);
    expect(await response.json()).toMatchObject({ message: expect.stringMatching(/server configuration/) });
  });

  it("answers a configuration error naming the verification-token methods an adapter lacks", async () => {
    const adapter = MemoryAdapter();
    delete (adapter as Partial<typeof adapter>).useVerificationToken;
    const { client, errors } = setup({ adapter });
    const response = await client.get("/auth/webauthn-options/passkey?email=ada@example.com");
    expect(response.status).toBe(500);
    expect(String(errors.at(-1))).toMatch(/lacks useVerificationToken/);
  });
});

describe("sign-in POST", () => {
  it("sends a passkey sign-in POST back to the sign-in page", async () => {
    const { client } = setup();
    const csrfToken = await client.csrfToken();
    const response = await client.post("/auth/signin/passkey", { form: { csrfToken } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("http://localhost:3000/auth/signin");
  });
});
