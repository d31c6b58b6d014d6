/**
 * Passkeys that Auth.js stored keep their standard base64 credential id, and sign-in looks an id
 * up in base64url first. A credential id is not a secret (authentication options list it), so a
 * registration must not be able to claim, in base64url, the id of such a row and shadow it.
 */
import { describe, expect, it } from "vitest";
import {
  authenticate,
  ORIGIN,
  options,
  otherBrowser,
  postCallback,
  register,
  setup,
  storeAsAuthJs,
} from "./helpers";
import { SoftAuthenticator } from "./soft-authenticator";

const VICTIM = "victim@example.com";
const VERIFICATION = `${ORIGIN}/auth/error?error=WebAuthnVerificationError`;

describe("a registration claiming the credential id of a passkey stored by Auth.js", () => {
  it("is refused as registered already, and the owner still signs in with the passkey", async () => {
    const { client, adapter, authenticator, errors } = setup();
    await register(client, authenticator, VICTIM);
    const id = authenticator.credentials[0]!.id;
    await storeAsAuthJs(adapter, VICTIM, id);

    // Another visitor signs up with a key of their own that claims that id, in base64url.
    const mallory = otherBrowser(client);
    const { body } = await options(mallory, { email: "mallory@example.com" });
    const data = JSON.stringify(new SoftAuthenticator(ORIGIN).create(body.options, id));
    const response = await postCallback(mallory, { action: "register", data });
    expect(response.headers.get("location")).toBe(VERIFICATION);
    expect(errors.map((error) => error.message)).toEqual([expect.stringMatching(/registered already/)]);
    expect(await adapter.getAuthenticator!(id.toString("base64url"))).toBeNull();
    expect(await adapter.getUserByEmail!("mallory@example.com")).toBeNull();

    const later = otherBrowser(client);
    expect((await authenticate(later, authenticator)).headers.get("location")).toBe(ORIGIN);
    expect(await later.session()).toMatchObject({ user: { email: VICTIM } });
  });
});
