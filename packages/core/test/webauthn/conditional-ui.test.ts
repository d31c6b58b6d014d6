/**
 * `enableConditionalUI` is on by default in both built-in WebAuthn factories, as in Auth.js, and
 * validated as Auth.js validates it: one WebAuthn provider at most, and only with a form field
 * whose autocomplete contains `webauthn`. A bad configuration answers the configuration error
 * (500, details in the log only). The sign-in page marks the one provider that has it, for its
 * script to offer that provider's passkeys in autofill.
 */
import { Auth } from "@portcullis/core";
import Passkey from "@portcullis/core/providers/passkey";
import WebAuthn from "@portcullis/core/providers/webauthn";
import { describe, expect, it } from "vitest";
import { attributes } from "../pages/markup";
import { ORIGIN, passkeyConfig } from "./helpers";

async function sessionWith(providers: unknown[]) {
  const errors: Error[] = [];
  const config = passkeyConfig({ providers: providers as never }, errors);
  const response = await Auth(new Request(`${ORIGIN}/auth/session`), config);
  return { status: response.status, errors };
}

/** The attributes of each passkey button on the built-in sign-in page, by provider id. */
async function passkeyButtons(providers: unknown[]): Promise<Record<string, Record<string, string>>> {
  const config = passkeyConfig({ providers: providers as never });
  const page = await (await Auth(new Request(`${ORIGIN}/auth/signin`), config)).text();
  const buttons = [...page.matchAll(/<button\b([^>]*data-webauthn-provider[^>]*)>/g)].map((m) =>
    attributes(m[1]!),
  );
  return Object.fromEntries(buttons.map((button) => [button["data-webauthn-provider"], button]));
}

describe("enableConditionalUI defaults", () => {
  it("is on for Passkey and WebAuthn, each valid with its default form", async () => {
    expect(Passkey().enableConditionalUI).toBe(true);
    expect(WebAuthn().enableConditionalUI).toBe(true);
    for (const provider of [Passkey, WebAuthn]) {
      const { status, errors } = await sessionWith([provider]);
      expect(status).toBe(200);
      expect(errors).toEqual([]);
    }
  });

  it("makes Passkey and WebAuthn together a configuration error until one turns it off", async () => {
    const both = await sessionWith([Passkey, WebAuthn]);
    expect(both.status).toBe(500);
    expect(both.errors.map((error) => (error as { type?: string }).type)).toContain("DuplicateConditionalUI");
    const one = await sessionWith([Passkey, WebAuthn({ enableConditionalUI: false })]);
    expect(one.status).toBe(200);
  });
});

describe("the sign-in page", () => {
  it("marks the button of the provider with conditional UI, and only that one", async () => {
    const buttons = await passkeyButtons([Passkey, WebAuthn({ enableConditionalUI: false })]);
    expect(Object.keys(buttons)).toEqual(["passkey", "webauthn"]);
    expect(buttons.passkey).toHaveProperty("data-webauthn-conditional", "");
    expect(buttons.webauthn).not.toHaveProperty("data-webauthn-conditional");
  });

  it("marks no button when conditional UI is off", async () => {
    const buttons = await passkeyButtons([Passkey({ enableConditionalUI: false })]);
    expect(buttons.passkey).toBeDefined();
    expect(buttons.passkey).not.toHaveProperty("data-webauthn-conditional");
  });
});

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
