/**
 * A registration's `response.transports` comes from the browser's JSON unchecked (the response
 * library passes it through). Once, a string there (`"usb"`) reached `transports.join` and the
 * registration ended on `error=Configuration`, a 500 page, for client input. Transports are only
 * hints: anything but an array of strings is dropped, as a missing list is, and the registration
 * goes on; the passkey then signs in.
 */
import { describe, expect, it } from "vitest";
import { authenticate, ORIGIN, options, otherBrowser, postCallback, setup } from "./helpers";

const malformed: [string, unknown][] = [
  ["a string", "usb"],
  ["a number", 5],
  ["an object with a length", { length: 1 }],
  ["an array holding a number", ["usb", 5]],
  ["an array holding an object", [{ transport: "usb" }]],
  ["null", null],
];

describe("passkey registration with malformed transports", () => {
  it.each(malformed)("drops transports that are %s and registers the passkey", async (_name, transports) => {
    const s = setup();
    const { body } = await options(s.client, { email: "new@example.com" });
    const credential = s.authenticator.create(body.options);
    const data = JSON.stringify({ ...credential, response: { ...credential.response, transports } });
    const response = await postCallback(s.client, { action: "register", data });

    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(ORIGIN);
    expect(s.errors).toEqual([]);
    const user = await s.adapter.getUserByEmail!("new@example.com");
    expect(user).not.toBeNull();
    const stored = await s.adapter.getAuthenticator!(credential.id);
    expect(stored).toMatchObject({ userId: user!.id, transports: null });

    // The passkey stored without hints signs in.
    const signIn = await authenticate(otherBrowser(s.client), s.authenticator);
    expect(signIn.headers.get("location")).toBe(ORIGIN);
  });

  it("still stores an array of strings, joined", async () => {
    const s = setup();
    const { body } = await options(s.client, { email: "new@example.com" });
    const credential = s.authenticator.create(body.options);
    const data = JSON.stringify({
      ...credential,
      response: { ...credential.response, transports: ["usb", "nfc"] },
    });
    const response = await postCallback(s.client, { action: "register", data });

    expect(response.headers.get("location")).toBe(ORIGIN);
    expect((await s.adapter.getAuthenticator!(credential.id))?.transports).toBe("usb,nfc");
  });
});
