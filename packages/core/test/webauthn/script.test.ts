/**
 * The passkey script on the built-in sign-in page: present exactly when a WebAuthn provider is
 * configured, always the same constant (so hostile configuration cannot add code to it), and
 * unable to close its own element.
 */
import Credentials from "@portcullis/core/providers/credentials";
import Passkey from "@portcullis/core/providers/passkey";
import { describe, expect, it } from "vitest";
import { type PageProvider, renderSignInPage } from "../../src/pages";
import { renderWebAuthnScript, WEBAUTHN_SCRIPT } from "../../src/pages/webauthn-script";
import { setup } from "./helpers";

const PASSKEY: PageProvider = {
  id: "passkey",
  name: "Passkey",
  type: "webauthn",
  signinUrl: "/auth/signin/passkey",
  callbackUrl: "/auth/callback/passkey",
  formFields: { email: { label: "Email", type: "email", required: true, autocomplete: "username webauthn" } },
  script: renderWebAuthnScript(),
};
const GITHUB: PageProvider = {
  id: "github",
  name: "GitHub",
  type: "oauth",
  signinUrl: "/auth/signin/github",
  callbackUrl: "/auth/callback/github",
};

function page(providers: PageProvider[], email?: string): string {
  return renderSignInPage({ providers, csrfToken: "csrf", callbackUrl: "/", email, theme: {} }).html;
}

function scripts(html: string): string[] {
  return [...html.matchAll(/<script[\s\S]*?<\/script>/gi)].map((m) => m[0]);
}

describe("sign-in page script", () => {
  it("adds the passkey script once when a WebAuthn provider is configured", () => {
    expect(scripts(page([GITHUB, PASSKEY]))).toEqual([renderWebAuthnScript().toString()]);
  });

  it("adds no script when no WebAuthn provider is configured", () => {
    expect(scripts(page([GITHUB]))).toEqual([]);
  });

  it("keeps the script unchanged whatever the provider, email and token values are", () => {
    const hostile: PageProvider = {
      ...PASSKEY,
      id: `x"></script><script>alert(1)</script>`,
      name: "</script><script>alert(1)</script>",
      formFields: { "</script>": { label: "<script>alert(1)</script>" } },
    };
    const html = page([hostile], "</script><script>alert(2)</script>");
    expect(scripts(html)).toEqual([renderWebAuthnScript().toString()]);
  });

  it("is on Auth's sign-in page once with two passkey providers, and not without one", async () => {
    const credentials = Credentials({ credentials: { username: {} }, authorize: () => null });
    const withPasskeys = setup({
      providers: [Passkey, Passkey({ id: "key", enableConditionalUI: false }), credentials],
    }).client;
    expect(scripts(await (await withPasskeys.get("/auth/signin")).text())).toEqual([
      renderWebAuthnScript().toString(),
    ]);
    const without = setup({ providers: [credentials] }).client;
    expect(scripts(await (await without.get("/auth/signin")).text())).toEqual([]);
  });

  it("holds no '<', so it cannot end its element or open another", () => {
    expect(WEBAUTHN_SCRIPT).not.toContain("<");
  });
});
