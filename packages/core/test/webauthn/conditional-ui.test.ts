/**
 * `enableConditionalUI` is validated as Auth.js validates it: one WebAuthn provider at most, and
 * only with a form field whose autocomplete contains `webauthn`. A bad configuration answers the
 * configuration error (500, details in the log only).
 */
import { Auth } from "@portcullis/core";
import Passkey from "@portcullis/core/providers/passkey";
import WebAuthn from "@portcullis/core/providers/webauthn";
import { describe, expect, it } from "vitest";
import { ORIGIN, passkeyConfig } from "./helpers";

async function sessionWith(providers: unknown[]) {
  const errors: Error[] = [];
  const config = passkeyConfig({ providers: providers as never }, errors);
  const response = await Auth(new Request(`${ORIGIN}/auth/session`), config);
  return { status: response.status, errors };
}

describe("enableConditionalUI", () => {
  it("is accepted on one provider whose form has a webauthn autocomplete field", async () => {
    const { status, errors } = await sessionWith([WebAuthn({ enableConditionalUI: true })]);
    expect(status).toBe(200);
    expect(errors).toEqual([]);
  });

  const bad = [
    {
      name: "two providers enabling it",
      providers: [
        WebAuthn({ enableConditionalUI: true }),
        Passkey({ id: "passkey-2", enableConditionalUI: true }),
      ],
      type: "DuplicateConditionalUI",
    },
    {
      name: "a provider without a webauthn autocomplete field",
      providers: [
        WebAuthn({
          enableConditionalUI: true,
          formFields: { email: { label: "Email", type: "email", autocomplete: "username" } },
        }),
      ],
      type: "MissingWebAuthnAutocomplete",
    },
    {
      name: "a provider with no form fields",
      providers: [WebAuthn({ enableConditionalUI: true, formFields: {} })],
      type: "MissingWebAuthnAutocomplete",
    },
  ];
  for (const { name, providers, type } of bad) {
    it(`answers the configuration error for ${name}, logging ${type}`, async () => {
      const { status, errors } = await sessionWith(providers);
      expect(status).toBe(500);
      expect(errors.map((error) => (error as { type?: string }).type)).toContain(type);
    });
  }
});
