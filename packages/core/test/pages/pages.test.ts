/**
 * The sign-out, error, verify-request and email-confirmation pages: status, what the user reads,
 * and where their forms and links go. Regex helpers read the markup (attributes are always
 * double-quoted by the pages).
 */
import { describe, expect, it } from "vitest";
import {
  renderEmailConfirmPage,
  renderErrorPage,
  renderSignInPage,
  renderSignOutPage,
  renderVerifyRequestPage,
} from "../../src/pages";
import type { Theme } from "../../src/types";
import { attributes, decode } from "./markup";

const CSRF = "a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8f90";

/** The page's forms: attributes and inner markup. */
function forms(page: string): { attrs: Record<string, string>; body: string }[] {
  return [...page.matchAll(/<form\b([^>]*)>([\s\S]*?)<\/form>/g)].map((m) => ({
    attrs: attributes(m[1] ?? ""),
    body: m[2] ?? "",
  }));
}

/** A form's hidden inputs as [name, value] pairs in document order. */
function hiddenFields(formBody: string): [string, string][] {
  return [...formBody.matchAll(/<input\b([^>]*)>/g)]
    .map((m) => attributes(m[1] ?? ""))
    .filter((input) => input.type === "hidden")
    .map((input) => [input.name ?? "", input.value ?? ""]);
}

/** The page's links: href and decoded text. */
function links(page: string): { href: string; className?: string; text: string }[] {
  return [...page.matchAll(/<a\b([^>]*)>([\s\S]*?)<\/a>/g)].map((m) => {
    const attrs = attributes(m[1] ?? "");
    return { href: attrs.href ?? "", className: attrs.class, text: decode(m[2] ?? "") };
  });
}

/** The text of the first element of a tag, decoded. */
function textOf(page: string, tag: string): string | undefined {
  const match = new RegExp(`<${tag}\\b[^>]*>([\\s\\S]*?)</${tag}>`).exec(page);
  return match?.[1] === undefined ? undefined : decode(match[1].replace(/<[^>]*>/g, ""));
}

describe("sign-out page", () => {
  it("asks for confirmation with a form posting the CSRF token to signOutUrl", () => {
    const { html, status } = renderSignOutPage({ csrfToken: CSRF, signOutUrl: "/auth/signout", theme: {} });
    expect(status).toBe(200);
    expect(textOf(html, "title")).toBe("Sign out");
    expect(textOf(html, "h1")).toBe("Sign out");
    expect(html).toContain("Are you sure you want to sign out?");
    const [form, ...others] = forms(html);
    expect(others).toEqual([]);
    expect(form?.attrs).toEqual({ action: "/auth/signout", method: "post" });
    expect(hiddenFields(form?.body ?? "")).toEqual([["csrfToken", CSRF]]);
    expect(textOf(form?.body ?? "", "button")).toBe("Sign out");
  });

  it("sends the callback URL as a hidden field when one is given", () => {
    const { html } = renderSignOutPage({
      csrfToken: CSRF,
      signOutUrl: "https://app.example.com/auth/signout",
      callbackUrl: "https://app.example.com/bye?x=1&y=2",
      theme: {},
    });
    const [form] = forms(html);
    expect(form?.attrs.action).toBe("https://app.example.com/auth/signout");
    expect(hiddenFields(form?.body ?? "")).toEqual([
      ["csrfToken", CSRF],
      ["callbackUrl", "https://app.example.com/bye?x=1&y=2"],
    ]);
  });
});

describe("error page", () => {
  const URLS = { signInUrl: "/auth/signin", homeUrl: "https://app.example.com/", theme: {} };
  const CASES = [
    {
      error: "Configuration",
      status: 500,
      heading: "Server error",
      message: "There is a problem with the server configuration.",
      link: { href: "https://app.example.com/", text: "Go to the home page" },
    },
    {
      error: "AccessDenied",
      status: 403,
      heading: "Access denied",
      message: "You do not have permission to sign in.",
      link: { href: "/auth/signin", text: "Sign in" },
    },
    {
      error: "Verification",
      status: 403,
      heading: "Unable to sign in",
      message: "The sign-in link is no longer valid.",
      link: { href: "/auth/signin", text: "Sign in again" },
    },
    {
      error: "SomethingElse",
      status: 200,
      heading: "Something went wrong",
      message: "An error occurred. Please try again later.",
      link: { href: "https://app.example.com/", text: "Go to the home page" },
    },
  ];

  it.each(CASES)("answers error=$error with status $status, its heading, message and link", (c) => {
    const { html, status } = renderErrorPage({ ...URLS, error: c.error });
    expect(status).toBe(c.status);
    expect(textOf(html, "title")).toBe(c.heading);
    expect(textOf(html, "h1")).toBe(c.heading);
    expect(textOf(html, "p")).toContain(c.message);
    expect(links(html)).toEqual([{ ...c.link, className: "button" }]);
  });

  it.each([undefined, null, "", "__proto__", "constructor"])(
    "answers error=%j with the generic page and status 200",
    (error) => {
      const { html, status } = renderErrorPage({ ...URLS, error });
      expect(status).toBe(200);
      expect(textOf(html, "h1")).toBe("Something went wrong");
    },
  );

  it("never shows the error value on the page", () => {
    const { html } = renderErrorPage({ ...URLS, error: "YouHaveBeenHacked" });
    expect(html).not.toContain("YouHaveBeenHacked");
  });
});

describe("verify-request page", () => {
  it("tells the user to check their email and links the host to the home page", () => {
    const { html, status } = renderVerifyRequestPage({
      host: "app.example.com",
      homeUrl: "https://app.example.com",
      theme: {},
    });
    expect(status).toBe(200);
    expect(textOf(html, "h1")).toBe("Check your email");
    expect(html).toContain("A sign-in link has been sent to your email address.");
    expect(links(html)).toEqual([
      { href: "https://app.example.com", className: undefined, text: "app.example.com" },
    ]);
  });
});

describe("email confirmation page", () => {
  it("posts every hidden field in order to actionUrl and names the address being signed in", () => {
    const fields = {
      token: "9c1f0e2d3b4a",
      email: "ada@example.com",
      callbackUrl: "https://app.example.com/dashboard?a=1&b=2",
      csrfToken: CSRF,
    };
    const { html, status } = renderEmailConfirmPage({
      actionUrl: "https://app.example.com/auth/callback/nodemailer",
      fields,
      email: "ada@example.com",
      theme: {},
    });
    expect(status).toBe(200);
    expect(textOf(html, "h1")).toBe("Confirm sign in");
    expect(textOf(html, "strong")).toBe("ada@example.com");
    const [form, ...others] = forms(html);
    expect(others).toEqual([]);
    expect(form?.attrs).toEqual({
      action: "https://app.example.com/auth/callback/nodemailer",
      method: "post",
    });
    expect(hiddenFields(form?.body ?? "")).toEqual(Object.entries(fields));
    expect(textOf(form?.body ?? "", "button")).toBe("Sign in");
  });
});

/** All five pages rendered with one theme. */
function everyPage(theme: Theme): Record<string, string> {
  return {
    "sign-in": renderSignInPage({ providers: [], csrfToken: CSRF, callbackUrl: "/", theme }).html,
    "sign-out": renderSignOutPage({ csrfToken: CSRF, signOutUrl: "/auth/signout", theme }).html,
    error: renderErrorPage({ error: "AccessDenied", signInUrl: "/auth/signin", homeUrl: "/", theme }).html,
    "verify-request": renderVerifyRequestPage({ host: "example.com", homeUrl: "/", theme }).html,
    "email confirmation": renderEmailConfirmPage({ actionUrl: "/cb", fields: {}, email: "a@b.c", theme })
      .html,
  };
}

describe("every page", () => {
  it.each(Object.entries(everyPage({})))(
    "the %s page is a complete English document with one card",
    (_, html) => {
      expect(html.startsWith('<!DOCTYPE html>\n<html lang="en" dir="ltr">')).toBe(true);
      expect(html).toContain('<meta charset="utf-8">');
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(textOf(html, "title")).toMatch(/\S/);
      expect(html.match(/<div class="card">/g)).toHaveLength(1);
      expect(html.trimEnd().endsWith("</html>")).toBe(true);
    },
  );

  it.each(Object.entries(everyPage({ logo: "https://cdn.example.com/logo.svg" })))(
    "the %s page shows the theme logo above the card",
    (_, html) => {
      const logo = /<img class="logo"([^>]*)>/.exec(html);
      expect(attributes(logo?.[1] ?? "")).toEqual({
        src: "https://cdn.example.com/logo.svg",
        alt: "",
        referrerpolicy: "no-referrer",
      });
      expect(html.indexOf('class="logo"')).toBeLessThan(html.indexOf('class="card"'));
    },
  );

  it.each(Object.entries(everyPage({})))("the %s page has no logo when the theme has none", (_, html) => {
    expect(html).not.toContain("<img");
  });

  it.each([
    ["auto", "light dark", true],
    ["light", "light", false],
    ["dark", "dark", false],
  ] as const)("colorScheme %s declares color-scheme %s", (colorScheme, declared, followsSystem) => {
    for (const html of Object.values(everyPage({ colorScheme }))) {
      expect(html).toContain(`<meta name="color-scheme" content="${declared}">`);
      expect(html.includes("@media (prefers-color-scheme:dark)")).toBe(followsSystem);
    }
  });

  it("puts the brand color and button text of the theme into every stylesheet", () => {
    for (const html of Object.values(everyPage({ brandColor: "#0a7f5a", buttonText: "#fafafa" }))) {
      expect(html).toContain(":root{--brand:#0a7f5a;--brand-text:#fafafa}");
    }
  });
});
