/**
 * The configured theme as it reaches the page: the color scheme and brand colors in the inline
 * stylesheet, the logo above the card, and each OAuth provider's button color and logo.
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
import type { Theme } from "../../src/types";

const DEFAULT_BRAND = "#2f5bd3";
const LIGHT_BG = "--bg:#f3f4f7";
const DARK_BG = "--bg:#101217";

function errorPage(theme: Theme): string {
  return renderErrorPage({ error: "Verification", signInUrl: "/auth/signin", homeUrl: "/", theme }).html;
}

/** The content of the page's one `<style>` element. */
function stylesheet(page: string): string {
  const styles = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)];
  expect(styles).toHaveLength(1);
  return styles[0]?.[1] ?? "";
}

/** The `content` of the color-scheme meta tag. */
function metaColorScheme(page: string): string | undefined {
  return /<meta name="color-scheme" content="([^"]*)">/.exec(page)?.[1];
}

/** The `src` of the logo above the card, if any. */
function logoSrc(page: string): string | undefined {
  return /<img class="logo" src="([^"]*)"/.exec(page)?.[1];
}

describe("color scheme", () => {
  it("uses light colors only, with no media query, for colorScheme light", () => {
    const page = errorPage({ colorScheme: "light" });
    const css = stylesheet(page);
    expect(css).toContain(`:root{${LIGHT_BG}`);
    expect(css).not.toContain(DARK_BG);
    expect(css).not.toContain("prefers-color-scheme");
    expect(metaColorScheme(page)).toBe("light");
  });

  it("uses dark colors only, with no media query, for colorScheme dark", () => {
    const page = errorPage({ colorScheme: "dark" });
    const css = stylesheet(page);
    expect(css).toContain(`:root{${DARK_BG}`);
    expect(css).not.toContain(LIGHT_BG);
    expect(css).not.toContain("prefers-color-scheme");
    expect(metaColorScheme(page)).toBe("dark");
  });

  it("follows the prefers-color-scheme media query for colorScheme auto", () => {
    const page = errorPage({ colorScheme: "auto" });
    const css = stylesheet(page);
    expect(css).toContain(`:root{${LIGHT_BG}`);
    expect(css).toMatch(new RegExp(`@media \\(prefers-color-scheme:dark\\)\\{:root\\{${DARK_BG}`));
    // The dark colors appear once, inside that media query, so a light system keeps light colors.
    expect(css.split(DARK_BG)).toHaveLength(2);
    expect(css.indexOf(DARK_BG)).toBeGreaterThan(css.indexOf("@media (prefers-color-scheme:dark)"));
    expect(metaColorScheme(page)).toBe("light dark");
  });

  it.each([
    ["no theme option", {}],
    ["an unknown colorScheme", { colorScheme: "sepia" } as unknown as Theme],
  ])("treats %s like colorScheme auto", (_, theme) => {
    expect(stylesheet(errorPage(theme))).toBe(stylesheet(errorPage({ colorScheme: "auto" })));
    expect(metaColorScheme(errorPage(theme))).toBe("light dark");
  });
});

describe("brand color", () => {
  it.each([
    "#0a7",
    "#ff5500",
    "#ff550080",
    "teal",
    "rgb(10, 20, 30)",
    "rgba(10,20,30,0.5)",
    "hsl(210, 50%, 40%)",
  ])("puts the valid brand color %s into the stylesheet", (brandColor) => {
    expect(stylesheet(errorPage({ brandColor }))).toContain(`--brand:${brandColor};`);
  });

  it("trims whitespace around a valid brand color", () => {
    expect(stylesheet(errorPage({ brandColor: "  #123456 " }))).toContain("--brand:#123456;");
  });

  it.each([
    "red;}body{display:none",
    "url(https://evil.example/x)",
    "expression(alert(1))",
    "var(--x)",
    "#12",
    "#gggggg",
    "rgb(1,2,3);color:red",
    "",
  ])("drops the invalid brand color %j and keeps the default stylesheet", (brandColor) => {
    const css = stylesheet(errorPage({ brandColor }));
    expect(css).toContain(`--brand:${DEFAULT_BRAND};`);
    expect(css).toBe(stylesheet(errorPage({})));
  });

  it("uses a valid buttonText color for the text on brand-colored buttons", () => {
    expect(stylesheet(errorPage({ brandColor: "#ffd700", buttonText: "#000080" }))).toContain(
      ":root{--brand:#ffd700;--brand-text:#000080}",
    );
  });

  it.each([
    ["#ffd700", "#111111"],
    ["#24292f", "#ffffff"],
    ["hsl(0, 0%, 95%)", "#111111"],
  ])(
    "picks readable button text for brand color %s when buttonText is missing or invalid",
    (brandColor, text) => {
      expect(stylesheet(errorPage({ brandColor }))).toContain(`--brand-text:${text}}`);
      expect(stylesheet(errorPage({ brandColor, buttonText: "white;}" }))).toContain(`--brand-text:${text}}`);
    },
  );
});

describe("logo", () => {
  it.each([
    ["an https URL", "https://cdn.example.com/logo.png", "https://cdn.example.com/logo.png"],
    ["a same-origin path", "/static/logo.svg", "/static/logo.svg"],
  ])("renders %s as an image above the card", (_, logo, src) => {
    const page = errorPage({ logo });
    expect(logoSrc(page)).toBe(src);
    expect(page.indexOf('<img class="logo"')).toBeLessThan(page.indexOf('<div class="card">'));
    expect(page).toContain(`<img class="logo" src="${src}" alt="" referrerpolicy="no-referrer">`);
  });

  it.each([
    "javascript:alert(1)",
    "data:image/svg+xml,<svg/>",
    "//evil.example/logo.png",
    "/\\evil.example/logo.png",
    "https://cdn.example.com/a logo.png",
    "ftp://cdn.example.com/logo.png",
    "logo.png",
    "",
  ])("renders no logo for %j", (logo) => {
    const page = errorPage({ logo });
    expect(page).not.toContain('class="logo"');
    expect(page).not.toContain("<img");
  });

  it("shows the theme on every page, not only the error page", () => {
    const theme: Theme = {
      brandColor: "#0a7",
      logo: "https://cdn.example.com/logo.png",
      colorScheme: "dark",
    };
    const pages = [
      renderSignInPage({ providers: [], csrfToken: "t", callbackUrl: "/", theme }),
      renderSignOutPage({ csrfToken: "t", signOutUrl: "/auth/signout", theme }),
      renderVerifyRequestPage({ host: "example.com", homeUrl: "/", theme }),
      renderEmailConfirmPage({ actionUrl: "/cb", fields: {}, email: "a@b.c", theme }),
    ];
    for (const { html } of pages) {
      expect(logoSrc(html)).toBe("https://cdn.example.com/logo.png");
      expect(stylesheet(html)).toContain("--brand:#0a7;");
      expect(metaColorScheme(html)).toBe("dark");
    }
  });
});

describe("provider buttons", () => {
  function provider(id: string, style: PageProvider["style"]): PageProvider {
    return {
      id,
      name: id,
      type: "oauth",
      signinUrl: `/auth/signin/${id}`,
      callbackUrl: `/auth/callback/${id}`,
      style,
    };
  }
  function signIn(...providers: PageProvider[]): string {
    return renderSignInPage({ providers, csrfToken: "t", callbackUrl: "/", theme: {} }).html;
  }

  it("fills a provider's button with its hex brand color and readable text, by section position", () => {
    const css = stylesheet(
      signIn(provider("plain", undefined), provider("github", { brandColor: "#24292f" })),
    );
    expect(css).toContain(
      ".provider-1{--provider-bg:#24292f;--provider-border:#24292f;--provider-text:#ffffff}",
    );
    expect(css).not.toContain(".provider-0{");
  });

  it("reads the deprecated bg and text colors when brandColor is absent", () => {
    const css = stylesheet(signIn(provider("old", { bg: "#ffffff", text: "#ff0000" })));
    expect(css).toContain(
      ".provider-0{--provider-bg:#ffffff;--provider-border:#ffffff;--provider-text:#ff0000}",
    );
  });

  it("only tints the border for a color name, whose readable text color cannot be known", () => {
    expect(stylesheet(signIn(provider("named", { brandColor: "orange" })))).toContain(
      ".provider-0{--provider-border:orange}",
    );
  });

  it("adds no button rule for an invalid provider color", () => {
    const css = stylesheet(signIn(provider("bad", { brandColor: "red}body{display:none" })));
    expect(css).not.toContain(".provider-0");
    expect(css).not.toContain("display:none");
  });

  it("shows an https provider logo in the button and drops a data: one", () => {
    const page = signIn(
      provider("good", { logo: "https://cdn.example.com/good.svg" }),
      provider("bad", { logo: "data:image/svg+xml,<svg/>" }),
    );
    expect([...page.matchAll(/<img src="([^"]*)"/g)].map((m) => m[1])).toEqual([
      "https://cdn.example.com/good.svg",
    ]);
  });
});
