/**
 * Hostile configuration and query values across every built-in page. Each value is rendered
 * next to a harmless one of the same kind: the two pages must have exactly the same elements and
 * attribute names (so nothing was injected), contain no script, event handler or `javascript:`
 * URL, and show the hostile value only as escaped text where the page displays it.
 */
import { describe, expect, it } from "vitest";
import {
  type PageProvider,
  renderEmailConfirmPage,
  renderErrorPage,
  renderSignInPage,
  renderSignOutPage,
  renderVerifyRequestPage,
} from "../../src/pages";
import { renderWebAuthnScript } from "../../src/pages/webauthn-script";
import type { Theme } from "../../src/types";

/** Every provider type, sharing one name, id and style. */
function providers(part: Partial<PageProvider> = {}): PageProvider[] {
  const types: PageProvider["type"][] = ["oauth", "oidc", "email", "credentials", "webauthn"];
  return types.map((type, i) => ({
    id: `p${i}`,
    name: "Acme",
    type,
    signinUrl: `/auth/signin/p${i}`,
    callbackUrl: `/auth/callback/p${i}`,
    credentials: { username: { label: "Username", placeholder: "jsmith" } },
    formFields: { email: { label: "Email", type: "email" } },
    script: type === "webauthn" ? renderWebAuthnScript() : undefined,
    ...part,
  }));
}

interface SignInInput {
  providers?: PageProvider[];
  csrfToken?: string;
  callbackUrl?: string;
  error?: string;
  email?: string;
  theme?: Theme;
}

function signIn(input: SignInInput): string {
  return renderSignInPage({
    providers: input.providers ?? providers(),
    csrfToken: input.csrfToken ?? "csrf",
    callbackUrl: input.callbackUrl ?? "/dashboard",
    error: input.error ?? "Signin",
    email: input.email ?? "ada@example.com",
    theme: input.theme ?? {},
  }).html;
}

/** All five pages rendered with one theme, as one string per page. */
function allPages(theme: Theme): string[] {
  return [
    signIn({ theme, providers: providers({ style: { brandColor: "#24292f" } }) }),
    renderSignOutPage({ csrfToken: "csrf", signOutUrl: "/auth/signout", callbackUrl: "/", theme }).html,
    renderErrorPage({ error: "Verification", signInUrl: "/auth/signin", homeUrl: "/", theme }).html,
    renderVerifyRequestPage({ host: "example.com", homeUrl: "/", theme }).html,
    renderEmailConfirmPage({ actionUrl: "/cb", fields: { token: "t" }, email: "a@b.c", theme }).html,
  ];
}

interface HostileCase {
  name: string;
  hostile: string;
  /** A harmless value of the same kind; the page built from it must have the same shape. */
  benign: string;
  render: (value: string) => string[];
  /** What must appear where the page displays the value: its escaped form, or a fixed message. */
  shown: string[];
}

const SCRIPT_NAME = "<script>alert(1)</script>";
const IMG_URL = `"><img src=x onerror=alert(1)>`;

const CASES: HostileCase[] = [
  {
    name: "provider name with a script element",
    hostile: SCRIPT_NAME,
    benign: "Acme",
    render: (name) => [signIn({ providers: providers({ name }) })],
    shown: ["Sign in with &lt;script&gt;alert(1)&lt;/script&gt;"],
  },
  {
    name: "provider id with quotes",
    hostile: `x" onclick="alert(1)' y='`,
    benign: "acme",
    render: (id) => [signIn({ providers: providers({ id }) })],
    shown: [
      `data-provider="x&quot; onclick=&quot;alert(1)&#39; y=&#39;"`,
      `data-webauthn-provider="x&quot; onclick=&quot;alert(1)&#39; y=&#39;"`,
    ],
  },
  {
    name: "callbackUrl closing the attribute",
    hostile: IMG_URL,
    benign: "/dashboard",
    render: (callbackUrl) => [
      signIn({ callbackUrl }),
      renderSignOutPage({ csrfToken: "csrf", signOutUrl: "/auth/signout", callbackUrl, theme: {} }).html,
      renderEmailConfirmPage({ actionUrl: "/cb", fields: { callbackUrl }, email: "a@b.c", theme: {} }).html,
    ],
    shown: [`name="callbackUrl" value="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"`],
  },
  {
    name: "csrfToken with a double quote",
    hostile: `abc" autofocus onfocus="alert(1)`,
    benign: "abc",
    render: (csrfToken) => [
      signIn({ csrfToken }),
      renderSignOutPage({ csrfToken, signOutUrl: "/auth/signout", theme: {} }).html,
    ],
    shown: [`name="csrfToken" value="abc&quot; autofocus onfocus=&quot;alert(1)"`],
  },
  {
    name: "error value with an svg element",
    hostile: "<svg onload=alert(1)>",
    benign: "NotAKnownError",
    render: (error) => [
      signIn({ error }),
      renderErrorPage({ error, signInUrl: "/auth/signin", homeUrl: "/", theme: {} }).html,
    ],
    shown: [
      "Something went wrong while signing in. Please try again.",
      "An error occurred. Please try again later.",
    ],
  },
  {
    name: "email value closing the attribute",
    hostile: `"><script>`,
    // Not an address either: only the email provider's field echoes a non-address (so a typo can
    // be fixed), the password form's email field only a plausible address.
    benign: "ada at example",
    render: (email) => [
      signIn({ email }),
      renderEmailConfirmPage({ actionUrl: "/cb", fields: { email }, email, theme: {} }).html,
    ],
    shown: [`value="&quot;&gt;&lt;script&gt;"`, "<strong>&quot;&gt;&lt;script&gt;</strong>"],
  },
  {
    // Plausible as an address (no double quote, space, angle bracket or semicolon), so every email
    // field shows it: the apostrophe and ampersands must stay text inside the attribute.
    name: "plausible address with an apostrophe and character references",
    hostile: "o'neil&quot&gt@example.com",
    benign: "ada@example.com",
    render: (email) => [signIn({ email })],
    shown: ["neil&amp;quot&amp;gt@example.com"],
  },
  {
    name: "theme brandColor closing the style element",
    hostile: "red;}</style><script>alert(1)</script>",
    benign: "#2f5bd3",
    render: (brandColor) => allPages({ brandColor }),
    shown: [],
  },
  {
    name: "theme buttonText closing the style element",
    hostile: "#fff}</style><img src=x onerror=alert(1)>",
    benign: "#ffffff",
    render: (buttonText) => allPages({ buttonText }),
    shown: [],
  },
  {
    name: "theme logo with a javascript: URL",
    hostile: "javascript:alert(1)",
    benign: "",
    render: (logo) => allPages({ logo }),
    shown: [],
  },
  {
    name: "provider logo with a data: URL",
    hostile: "data:text/html,<script>alert(1)</script>",
    benign: "",
    render: (logo) => [signIn({ providers: providers({ style: { logo } }) })],
    shown: [],
  },
  {
    name: "provider brandColor closing the style element",
    hostile: "#000}</style><script>alert(1)</script>",
    benign: "teal",
    render: (brandColor) => [signIn({ providers: providers({ style: { brandColor } }) })],
    shown: [],
  },
  {
    name: "host with markup",
    hostile: "<b>x</b>",
    benign: "example.com",
    render: (host) => [renderVerifyRequestPage({ host, homeUrl: "/", theme: {} }).html],
    shown: ['<a href="/">&lt;b&gt;x&lt;/b&gt;</a>'],
  },
  {
    name: "credential field label, placeholder, autocomplete and type",
    hostile: `"><img src=x onerror=alert(1)>`,
    benign: "User",
    render: (text) => [
      signIn({
        providers: providers({
          type: "credentials",
          credentials: { [text]: { label: text, placeholder: text, autocomplete: text, type: text } },
        }),
      }),
    ],
    shown: [
      `name="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"`,
      `>&quot;&gt;&lt;img src=x onerror=alert(1)&gt;</label>`,
      `placeholder="&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"`,
    ],
  },
  {
    name: "hidden field name of the email confirmation form",
    hostile: `a" onclick="alert(1)`,
    benign: "token",
    render: (name) => [
      renderEmailConfirmPage({ actionUrl: "/cb", fields: { [name]: "v" }, email: "a@b.c", theme: {} }).html,
    ],
    shown: [`name="a&quot; onclick=&quot;alert(1)"`],
  },
  {
    name: "javascript: form and link targets",
    hostile: " JavaScript:alert(1)",
    benign: "/auth/target",
    render: (url) => [
      signIn({ providers: providers({ signinUrl: url, callbackUrl: url }) }),
      renderSignOutPage({ csrfToken: "csrf", signOutUrl: url, theme: {} }).html,
      renderErrorPage({ error: "AccessDenied", signInUrl: url, homeUrl: url, theme: {} }).html,
      renderVerifyRequestPage({ host: "example.com", homeUrl: url, theme: {} }).html,
      renderEmailConfirmPage({ actionUrl: url, fields: {}, email: "a@b.c", theme: {} }).html,
    ],
    shown: [],
  },
];

/** Each tag of the page with its attribute values blanked: the page's element and attribute shape. */
function shape(page: string): string[] {
  return [...page.matchAll(/<[^>]*>/g)].map((m) => m[0].replace(/="[^"]*"/g, '=""'));
}

/** Attribute names beginning with "on" in any tag, ignoring text inside quoted values. */
function eventHandlers(page: string): string[] {
  return shape(page).flatMap((tag) => [...tag.matchAll(/\s(on[a-z]+)(?=[\s=>])/gi)].map((m) => m[1] ?? ""));
}

describe.each(CASES)("$name", (c) => {
  const pages = c.render(c.hostile);

  it("renders no script element, event handler or javascript: URL", () => {
    for (const page of pages) {
      // The one built-in script (WebAuthn) is a constant; anything else would be injected.
      const withoutBuiltIn = page.replace(renderWebAuthnScript().toString(), "");
      expect(withoutBuiltIn).not.toMatch(/<script/i);
      expect(withoutBuiltIn).not.toMatch(/javascript:/i);
      expect(eventHandlers(page)).toEqual([]);
    }
  });

  it("never contains the value unescaped", () => {
    for (const page of pages) expect(page).not.toContain(c.hostile);
  });

  it("has the same elements and attribute names as a page built from a harmless value", () => {
    expect(pages.map(shape)).toEqual(c.render(c.benign).map(shape));
  });

  it("keeps every form and link target an http(s) URL, a relative path or #", () => {
    for (const page of pages) {
      for (const m of page.matchAll(/\s(?:href|action|src)="([^"]*)"/g)) {
        expect(m[1]).toMatch(/^(?:https?:\/\/|\/(?!\/)|#$)/);
      }
    }
  });
});

describe.each(CASES.filter((c) => c.shown.length > 0))("$name where displayed", (c) => {
  it("shows the escaped value, or a fixed message in its place", () => {
    const page = c.render(c.hostile).join("\n");
    for (const text of c.shown) expect(page).toContain(text);
  });
});

describe("theme values that would rewrite the stylesheet", () => {
  it("leave every page's stylesheet exactly as with no theme at all", () => {
    const hostile: Theme = {
      brandColor: "red;}</style><script>alert(1)</script>",
      buttonText: "#fff}</style>",
      logo: "javascript:alert(1)",
    };
    const style = (page: string) => /<style>[\s\S]*?<\/style>/.exec(page)?.[0];
    expect(allPages(hostile).map(style)).toEqual(allPages({}).map(style));
  });
});
