/**
 * The built-in sign-in page, read as a browser would: which forms it holds, where they post,
 * which fields they send and what the user reads. There is no DOM library, so small regex
 * helpers pick elements out of the markup (the page always double-quotes its attributes).
 */
import { languages } from "@portcullis/core/languages";
import { describe, expect, it } from "vitest";
import { type PageProvider, renderSignInPage, type SignInPageOptions } from "../../src/pages";
import { attributes, decode, elements } from "./markup";

const CSRF = "3f9a1c0e7b2d4a6f8e5c1b0a9d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e";
const CALLBACK = "https://app.example.com/dashboard?tab=a&b=c";

const GITHUB: PageProvider = {
  id: "github",
  name: "GitHub",
  type: "oauth",
  signinUrl: "/auth/signin/github",
  callbackUrl: "/auth/callback/github",
  style: { brandColor: "#24292f", logo: "https://authjs.dev/img/providers/github.svg" },
};
const KEYCLOAK: PageProvider = {
  id: "keycloak",
  name: "Keycloak",
  type: "oidc",
  signinUrl: "/auth/signin/keycloak",
  callbackUrl: "/auth/callback/keycloak",
};
const EMAIL: PageProvider = {
  id: "resend",
  name: "Email",
  type: "email",
  signinUrl: "/auth/signin/resend",
  callbackUrl: "/auth/callback/resend",
};
const CREDENTIALS: PageProvider = {
  id: "credentials",
  name: "Password",
  type: "credentials",
  signinUrl: "/auth/signin/credentials",
  callbackUrl: "/auth/callback/credentials",
  credentials: {
    username: {
      label: "Username",
      type: "text",
      placeholder: "jsmith",
      required: true,
      autocomplete: "username",
    },
    password: { label: "Password", type: "password" },
    pin: { type: "hidden" },
  },
};
const PASSKEY: PageProvider = {
  id: "passkey",
  name: "Passkey",
  type: "webauthn",
  signinUrl: "/auth/signin/passkey",
  callbackUrl: "/auth/callback/passkey",
  formFields: { email: { label: "Email", type: "email", required: true, autocomplete: "username webauthn" } },
};

function render(overrides: Partial<SignInPageOptions> = {}) {
  return renderSignInPage({
    providers: [GITHUB, CREDENTIALS, EMAIL, PASSKEY],
    csrfToken: CSRF,
    callbackUrl: CALLBACK,
    theme: {},
    ...overrides,
  });
}

/** The provider sections of the page, in document order. */
function sections(page: string): { id: string; body: string }[] {
  return [...page.matchAll(/<section class="provider-section"([^>]*)>([\s\S]*?)<\/section>/g)].map((m) => ({
    id: attributes(m[1] ?? "")["data-provider"] ?? "",
    body: m[2] ?? "",
  }));
}

/** The one form of a provider's section: its attributes and its inner markup. */
function formOf(page: string, providerId: string): { attrs: Record<string, string>; body: string } {
  const section = sections(page).find((s) => s.id === providerId);
  const match = section && /<form\b([^>]*)>([\s\S]*?)<\/form>/.exec(section.body);
  if (!match) throw new Error(`no form for ${providerId}`);
  return { attrs: attributes(match[1] ?? ""), body: match[2] ?? "" };
}

/** The hidden inputs of a form, by name. */
function hiddenFields(formBody: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const input of elements(formBody, "input").filter((i) => i.type === "hidden")) {
    fields[input.name ?? ""] = input.value ?? "";
  }
  return fields;
}

/** The visible text of the form's submit button. */
function buttonText(formBody: string): string {
  const inner = /<button\b[^>]*>([\s\S]*?)<\/button>/.exec(formBody)?.[1] ?? "";
  return decode(inner.replace(/<[^>]*>/g, ""));
}

/** The label text tied to an input id. */
function labelFor(markup: string, id: string): string | undefined {
  const match = new RegExp(`<label for="${id}">([^<]*)</label>`).exec(markup);
  return match?.[1] === undefined ? undefined : decode(match[1]);
}

/** The text of the error box, or undefined when the page has none. */
function alertText(page: string): string | undefined {
  const match = /<div class="alert" role="alert">([\s\S]*?)<\/div>/.exec(page);
  return match?.[1] === undefined ? undefined : decode(match[1]);
}

describe("sections", () => {
  it("renders one section per provider in configuration order, with dividers between them", () => {
    const { html, status } = render();
    expect(status).toBe(200);
    expect(sections(html).map((s) => s.id)).toEqual(["github", "credentials", "resend", "passkey"]);
    expect(html.match(/<div class="divider">/g)).toHaveLength(3);
  });

  it("shows a single provider without any divider", () => {
    const { html } = render({ providers: [EMAIL] });
    expect(sections(html).map((s) => s.id)).toEqual(["resend"]);
    expect(html).not.toContain('class="divider"');
  });

  it("says that no sign-in method is configured when the provider list is empty", () => {
    const { html, status } = render({ providers: [] });
    expect(status).toBe(200);
    expect(sections(html)).toEqual([]);
    expect(html).toContain("No sign-in methods are configured.");
  });

  it("renders a complete document titled Sign in", () => {
    const { html } = render();
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain("<title>Sign in</title>");
    expect(html).toContain("<h1>Sign in</h1>");
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
  });
});

describe("OAuth and OIDC", () => {
  it("posts an OAuth button form to the provider's signinUrl with the CSRF token and callback URL", () => {
    const form = formOf(render().html, "github");
    expect(form.attrs).toMatchObject({ action: "/auth/signin/github", method: "post" });
    expect(hiddenFields(form.body)).toEqual({ csrfToken: CSRF, callbackUrl: CALLBACK });
    expect(buttonText(form.body)).toBe("Sign in with GitHub");
    expect(elements(form.body, "button")[0]).toMatchObject({ type: "submit" });
  });

  it("shows the provider's https logo inside its button", () => {
    const form = formOf(render().html, "github");
    expect(elements(form.body, "img")).toEqual([
      { src: "https://authjs.dev/img/providers/github.svg", alt: "", referrerpolicy: "no-referrer" },
    ]);
  });

  it("gives an OIDC provider the same kind of button form, without a logo when none is configured", () => {
    const form = formOf(render({ providers: [KEYCLOAK] }).html, "keycloak");
    expect(form.attrs).toMatchObject({ action: "/auth/signin/keycloak", method: "post" });
    expect(hiddenFields(form.body)).toEqual({ csrfToken: CSRF, callbackUrl: CALLBACK });
    expect(buttonText(form.body)).toBe("Sign in with Keycloak");
    expect(elements(form.body, "img")).toEqual([]);
    expect(elements(form.body, "input").filter((i) => i.type !== "hidden")).toEqual([]);
  });
});

describe("email", () => {
  it("posts an email form to signinUrl with a required, empty email input", () => {
    const form = formOf(render().html, "resend");
    expect(form.attrs).toMatchObject({ action: "/auth/signin/resend", method: "post" });
    expect(hiddenFields(form.body)).toEqual({ csrfToken: CSRF, callbackUrl: CALLBACK });
    const visible = elements(form.body, "input").filter((i) => i.type !== "hidden");
    expect(visible).toHaveLength(1);
    expect(visible[0]).toMatchObject({ type: "email", name: "email", autocomplete: "email", required: "" });
    expect(visible[0]).not.toHaveProperty("value");
    expect(labelFor(form.body, visible[0]?.id ?? "")).toBe("Email");
    expect(buttonText(form.body)).toBe("Sign in with Email");
  });

  it("prefills the email input with the given address", () => {
    const form = formOf(render({ email: "ada+test@example.com" }).html, "resend");
    const email = elements(form.body, "input").find((i) => i.name === "email");
    expect(email?.value).toBe("ada+test@example.com");
  });

  it("leaves the email input empty when email is null", () => {
    const form = formOf(render({ email: null }).html, "resend");
    expect(elements(form.body, "input").find((i) => i.name === "email")).not.toHaveProperty("value");
  });
});

describe("credentials", () => {
  it("posts the credentials form to the provider's callbackUrl, not its signinUrl", () => {
    const form = formOf(render().html, "credentials");
    expect(form.attrs).toMatchObject({ action: "/auth/callback/credentials", method: "post" });
    expect(hiddenFields(form.body)).toEqual({ csrfToken: CSRF, callbackUrl: CALLBACK });
    expect(buttonText(form.body)).toBe("Sign in with Password");
  });

  it("renders one labelled input per credential field with its type, placeholder, required flag and autocomplete", () => {
    const form = formOf(render().html, "credentials");
    const visible = elements(form.body, "input").filter(
      (i) => i.name !== "csrfToken" && i.name !== "callbackUrl",
    );
    expect(visible.map((i) => i.name)).toEqual(["username", "password", "pin"]);
    const [username, password] = visible;
    expect(username).toEqual({
      type: "text",
      name: "username",
      id: expect.any(String),
      autocomplete: "username",
      placeholder: "jsmith",
      required: "",
    });
    expect(labelFor(form.body, username?.id ?? "")).toBe("Username");
    expect(password).toEqual({
      type: "password",
      name: "password",
      id: expect.any(String),
      autocomplete: "current-password",
    });
    expect(labelFor(form.body, password?.id ?? "")).toBe("Password");
  });

  it("shows a field configured as hidden as a text box labelled with its name", () => {
    const form = formOf(render().html, "credentials");
    const pin = elements(form.body, "input").find((i) => i.name === "pin");
    expect(pin).toEqual({ type: "text", name: "pin", id: expect.any(String) });
    expect(labelFor(form.body, pin?.id ?? "")).toBe("pin");
  });

  it("gives every input on the page a distinct id", () => {
    const ids = elements(render().html, "input")
      .map((i) => i.id)
      .filter((id) => id !== undefined);
    expect(ids.length).toBeGreaterThanOrEqual(5);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("the address typed before an error", () => {
  const EMAIL_FIELDS: PageProvider = {
    ...CREDENTIALS,
    credentials: {
      email: { label: "Email", type: "email" },
      password: { label: "Password", type: "password" },
    },
  };
  const providers = [EMAIL_FIELDS, EMAIL, PASSKEY];

  it("fills the email field of the password and magic-link forms with it, and never the password", () => {
    const page = render({ providers, email: "ada@example.com", error: "CredentialsSignin" }).html;
    for (const id of ["credentials", "resend"]) {
      const email = elements(formOf(page, id).body, "input").find((i) => i.name === "email");
      expect(email?.value).toBe("ada@example.com");
    }
    const password = elements(formOf(page, "credentials").body, "input").find((i) => i.name === "password");
    expect(password).not.toHaveProperty("value");
  });

  it("leaves the passkey form empty: a planted address there would create an account for it", () => {
    const page = render({ providers, email: "ada@example.com" }).html;
    const email = elements(formOf(page, "passkey").body, "input").find((i) => i.name === "email");
    expect(email).not.toHaveProperty("value");
  });

  it.each(["not an address", "a@b@c.example", "ada@example.com\u202e", "<b>@example.com", "x".repeat(400)])(
    "fills the password form only with a plausible address, not %j",
    (typed) => {
      const page = render({ providers, email: typed }).html;
      const email = elements(formOf(page, "credentials").body, "input").find((i) => i.name === "email");
      expect(email).not.toHaveProperty("value");
    },
  );
});

describe("WebAuthn", () => {
  it("marks the passkey button with data-webauthn-provider and sends the CSRF token and form fields", () => {
    const form = formOf(render().html, "passkey");
    expect(form.attrs).toMatchObject({ action: "/auth/callback/passkey", method: "post" });
    expect(hiddenFields(form.body)).toEqual({ csrfToken: CSRF });
    expect(elements(form.body, "button")[0]).toMatchObject({
      "data-webauthn-provider": "passkey",
      // What the script shows when the typed address has no passkey, in the page's language.
      "data-webauthn-no-passkey":
        "No passkey is registered for this address. Sign in another way, then add a passkey.",
      "data-webauthn-failed": "Passkey sign-in did not complete. Please try again.",
    });
    expect(buttonText(form.body)).toBe("Sign in with Passkey");
    const email = elements(form.body, "input").find((i) => i.name === "email");
    expect(email).toMatchObject({ type: "email", autocomplete: "username webauthn", required: "" });
  });

  it("gives the script its messages in the page's language", () => {
    const button = elements(
      formOf(render({ theme: { languages, locale: "de" } }).html, "passkey").body,
      "button",
    )[0];
    expect(button).toMatchObject({
      "data-webauthn-no-passkey":
        "Für diese Adresse ist kein Passkey registriert. Melden Sie sich auf anderem Weg an und fügen Sie dann einen Passkey hinzu.",
      "data-webauthn-failed":
        "Die Anmeldung mit Passkey wurde nicht abgeschlossen. Bitte versuchen Sie es erneut.",
    });
  });

  it("marks the button data-webauthn-conditional only for the provider with conditional UI", () => {
    const autofill: PageProvider = { ...PASSKEY, id: "autofill", enableConditionalUI: true };
    const page = render({ providers: [PASSKEY, autofill] }).html;
    expect(elements(formOf(page, "autofill").body, "button")[0]).toHaveProperty(
      "data-webauthn-conditional",
      "",
    );
    expect(elements(formOf(page, "passkey").body, "button")[0]).not.toHaveProperty(
      "data-webauthn-conditional",
    );
  });
});

describe("error box", () => {
  const MESSAGES: [string, string][] = [
    ["Signin", "Sign-in did not complete. Try signing in with a different account."],
    ["OAuthSignin", "We could not start signing in with that provider."],
    ["OAuthCallbackError", "The sign-in provider reported a problem."],
    ["OAuthCreateAccount", "We could not create an account from that provider's details."],
    ["EmailCreateAccount", "We could not create an account for that email address."],
    ["Callback", "Something went wrong while finishing your sign-in."],
    ["OAuthAccountNotLinked", "Your email address is already used with a different sign-in method."],
    ["EmailSignin", "That email address cannot be used to sign in. Check it and enter a valid address"],
    ["OAuthProviderUnavailable", "The sign-in provider could not be reached."],
    ["CredentialsSignin", "Sign-in failed. Check that the details you entered are correct."],
    ["SessionRequired", "Please sign in to see this page."],
    ["MissingCSRF", "This form has expired. Please try again."],
    ["RateLimited", "Too many sign-in attempts. Please wait a few minutes, then try again."],
    ["SessionStoreUnavailable", "Sign-in is unavailable for a moment. Please try again shortly."],
    ["Configuration", "Sign-in is not available right now because of a server configuration problem."],
  ];
  const DEFAULT = "Something went wrong while signing in. Please try again.";

  it.each(MESSAGES)("shows the message for error=%s in an alert above the providers", (error, message) => {
    const { html, status } = render({ error });
    expect(status).toBe(200);
    expect(alertText(html)).toContain(message);
    expect(alertText(html)).not.toBe(DEFAULT);
    expect(html.indexOf('role="alert"')).toBeLessThan(html.indexOf("<section"));
  });

  it("shows the same 'unavailable for a moment' message for a rate-limit store outage as for a session store outage", () => {
    expect(alertText(render({ error: "RateLimitStoreUnavailable" }).html)).toBe(
      alertText(render({ error: "SessionStoreUnavailable" }).html),
    );
  });

  it("gives every known error value a message of its own", () => {
    const texts = MESSAGES.map(([error]) => alertText(render({ error }).html));
    expect(new Set(texts).size).toBe(MESSAGES.length);
  });

  it.each(["SomethingNew", "__proto__", "constructor", "toString", "oauthsignin"])(
    "shows the default message for the unknown error value %s without echoing it",
    (error) => {
      const { html, status } = render({ error });
      expect(status).toBe(200);
      expect(alertText(html)).toBe(DEFAULT);
      expect(html).not.toContain(error);
    },
  );

  it("never shows the error value itself, even for a known one", () => {
    const { html } = render({ error: "CredentialsSignin" });
    expect(alertText(html)).not.toContain("CredentialsSignin");
  });

  it("never shows the code query parameter of a CredentialsSignin error", () => {
    const { html } = render({ error: "CredentialsSignin", code: "wrong-password-for-ada" });
    expect(html).not.toContain("wrong-password-for-ada");
  });

  it.each([undefined, null, ""])("shows no error box when error is %j", (error) => {
    expect(alertText(render({ error }).html)).toBeUndefined();
    expect(render({ error }).html).not.toContain('role="alert"');
  });
});

describe("provider button style", () => {
  /** The stylesheet rule of the button class `provider-{index}`, if any. */
  function ruleOf(page: string, index: number): string | undefined {
    return new RegExp(`\\.provider-${index}\\{([^}]*)\\}`).exec(page)?.[1];
  }

  it("fills the button with a hex brand color and picks readable text for it", () => {
    const { html } = render({ providers: [GITHUB, { ...KEYCLOAK, style: { brandColor: "#ffd700" } }] });
    expect(ruleOf(html, 0)).toBe("--provider-bg:#24292f;--provider-text:#ffffff");
    expect(ruleOf(html, 1)).toBe("--provider-bg:#ffd700;--provider-text:#111111");
    expect(elements(formOf(html, "github").body, "button")[0]?.class).toBe("button provider provider-0");
  });

  it("only tints the border for a color name, whose lightness the page cannot read", () => {
    const { html } = render({ providers: [{ ...KEYCLOAK, style: { brandColor: "teal" } }] });
    expect(ruleOf(html, 0)).toBe("--provider-border:teal");
  });

  it("gives the button no rule when the brand color is missing or invalid", () => {
    const { html } = render({ providers: [KEYCLOAK, { ...GITHUB, style: { brandColor: "red;}" } }] });
    expect(ruleOf(html, 0)).toBeUndefined();
    expect(ruleOf(html, 1)).toBeUndefined();
  });

  it("accepts a same-origin logo path and drops a protocol-relative one", () => {
    const local = formOf(
      render({ providers: [{ ...GITHUB, style: { logo: "/img/gh.svg" } }] }).html,
      "github",
    );
    expect(elements(local.body, "img")[0]?.src).toBe("/img/gh.svg");
    const remote = formOf(
      render({ providers: [{ ...GITHUB, style: { logo: "//evil.example/x.svg" } }] }).html,
      "github",
    );
    expect(elements(remote.body, "img")).toEqual([]);
  });
});

describe("unknown provider types", () => {
  it("are left out, with no divider for them", () => {
    const odd = { ...KEYCLOAK, id: "odd", type: "saml" } as unknown as PageProvider;
    const { html } = render({ providers: [GITHUB, odd, EMAIL] });
    expect(sections(html).map((s) => s.id)).toEqual(["github", "resend"]);
    expect(html.match(/<div class="divider">/g)).toHaveLength(1);
  });
});
