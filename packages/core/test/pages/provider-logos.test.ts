/**
 * The logos on the built-in providers' buttons: drawn inline in the sign-in page (nothing is
 * fetched, the page's policy is unchanged), shown for the built-in providers, absent for a custom
 * one, and really painted by Chromium under the page's Content-Security-Policy.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import Discord from "@portcullis/core/providers/discord";
import GitHub from "@portcullis/core/providers/github";
import Google from "@portcullis/core/providers/google";
import { launchChromium, type ServedApp, serve } from "@portcullis/testkit";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROVIDER_LOGO_IDS, providerLogo } from "../../src/pages/provider-logos";
import { SECRET } from "../auth/helpers";

const keys = { clientId: "id", clientSecret: "secret" };
const config: AuthConfig = {
  secret: SECRET,
  trustHost: true,
  providers: [
    GitHub(keys),
    Google(keys),
    Discord(keys),
    // An app's own identity provider: the page has no logo for it and must not invent one.
    { id: "acme", name: "Acme", type: "oidc", issuer: "https://idp.acme.test", ...keys },
    // A built-in provider given the app's own logo: that one wins.
    GitHub({ ...keys, id: "github-enterprise", name: "GitHub Enterprise", style: { logo: "/ghe.svg" } }),
  ],
};

let app: ServedApp;
let browser: Browser;

beforeAll(async () => {
  app = await serve((request) => Auth(request, config));
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** The markup of one provider's section of the page. */
function section(page: string, providerId: string): string {
  const match = new RegExp(
    `<section class="provider-section" data-provider="${providerId}">([\\s\\S]*?)</section>`,
  ).exec(page);
  if (!match) throw new Error(`no section for ${providerId}`);
  return match[1] ?? "";
}

describe("provider logos on the sign-in page", () => {
  it("draws the built-in logo inside a built-in provider's button, hidden from screen readers", async () => {
    const page = await (await fetch(`${app.url}/auth/signin`)).text();
    for (const id of ["github", "google", "discord"]) {
      const button = /<button[^>]*>([\s\S]*?)<\/button>/.exec(section(page, id))?.[1] ?? "";
      expect(button).toMatch(/^<svg class="provider-logo" viewBox="0 0 24 24"[^>]* aria-hidden="true"/);
      expect(button).not.toContain("<img");
    }
  });

  it("shows no logo for a custom provider", async () => {
    const page = await (await fetch(`${app.url}/auth/signin`)).text();
    const acme = section(page, "acme");
    expect(acme).toContain("Sign in with Acme");
    expect(acme).not.toContain("<svg");
    expect(acme).not.toContain("<img");
  });

  it("prefers the logo the app configured over the built-in one", async () => {
    const page = await (await fetch(`${app.url}/auth/signin`)).text();
    const enterprise = section(page, "github-enterprise");
    expect(enterprise).toContain('<img src="/ghe.svg"');
    expect(enterprise).not.toContain("<svg");
  });

  it("keeps the page's policy strict: no data: images, no new hosts, only the passkey script", async () => {
    const response = await fetch(`${app.url}/auth/signin`);
    const policy = response.headers.get("content-security-policy") ?? "";
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("img-src 'self' https: http:");
    expect(policy).not.toContain("data:");
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it("has Chromium paint the logos under that policy, with no violation", async () => {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(`${app.url}/auth/signin`);
    const sizes = await page.$$eval('section[data-provider="github"] svg.provider-logo', (logos) =>
      logos.map((logo) => {
        const { width, height } = logo.getBoundingClientRect();
        return [Math.round(width), Math.round(height)];
      }),
    );
    expect(sizes).toEqual([[20, 20]]);
    expect(violations).toEqual([]);
    await page.close();
  });
});

describe("the logo set", () => {
  const required = [
    "github",
    "google",
    "gitlab",
    "discord",
    "apple",
    "microsoft-entra-id",
    "facebook",
    "twitter",
    "linkedin",
    "slack",
    "twitch",
    "spotify",
    "reddit",
    "auth0",
    "okta",
    "keycloak",
  ];

  it.each(required)("has a small, inert logo for %s", (id) => {
    expect(PROVIDER_LOGO_IDS).toContain(id);
    const svg = providerLogo(id)?.toString() ?? "";
    expect(svg.length).toBeGreaterThan(0);
    expect(svg.length).toBeLessThan(1024);
    // Nothing that could run, load or link: only shapes.
    expect(svg).not.toMatch(/<script|<foreignObject|<image|<use|\son\w+=|href|url\(|javascript:/i);
  });

  it.each(["acme", "__proto__", "constructor", "", "GitHub"])("has none for %j", (id) => {
    expect(providerLogo(id)).toBeUndefined();
  });
});
