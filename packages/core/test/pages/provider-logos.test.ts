/**
 * The logos on the built-in providers' buttons: drawn inline in the sign-in page (nothing is
 * fetched, the page's policy is unchanged), shown for providers made by a built-in factory (each
 * factory brings its own mark), absent for a custom one, and really painted by Chromium under the
 * page's Content-Security-Policy.
 */

import { Auth, type AuthConfig } from "@portcullis/core";
import Apple from "@portcullis/core/providers/apple";
import Auth0 from "@portcullis/core/providers/auth0";
import Discord from "@portcullis/core/providers/discord";
import Facebook from "@portcullis/core/providers/facebook";
import GitHub from "@portcullis/core/providers/github";
import GitLab from "@portcullis/core/providers/gitlab";
import Google from "@portcullis/core/providers/google";
import Keycloak from "@portcullis/core/providers/keycloak";
import LinkedIn from "@portcullis/core/providers/linkedin";
import MicrosoftEntraID from "@portcullis/core/providers/microsoft-entra-id";
import OAuth from "@portcullis/core/providers/oauth";
import Okta from "@portcullis/core/providers/okta";
import Reddit from "@portcullis/core/providers/reddit";
import Slack from "@portcullis/core/providers/slack";
import Spotify from "@portcullis/core/providers/spotify";
import Twitch from "@portcullis/core/providers/twitch";
import Twitter from "@portcullis/core/providers/twitter";
import { launchChromium, type ServedApp, serve } from "@portcullis/testkit";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { providerLogo } from "../../src/pages/provider-logos";
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
    OAuth({ id: "acme", name: "Acme", type: "oidc", issuer: "https://idp.acme.test", ...keys }),
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
  const factories: Array<[string, (keys: { clientId: string; clientSecret: string }) => object]> = [
    ["github", GitHub],
    ["google", Google],
    ["gitlab", GitLab],
    ["discord", Discord],
    ["apple", Apple],
    ["microsoft-entra-id", MicrosoftEntraID],
    ["facebook", Facebook],
    ["twitter", Twitter],
    ["twitter (OAuth 1.0a)", (given) => Twitter({ ...given, version: "1.0A" })],
    ["linkedin", LinkedIn],
    ["slack", Slack],
    ["twitch", Twitch],
    ["spotify", Spotify],
    ["reddit", Reddit],
    ["auth0", Auth0],
    ["okta", Okta],
    ["keycloak", Keycloak],
  ];

  it.each(factories)("has a small, inert logo for %s", (_id, factory) => {
    const svg = providerLogo(factory(keys))?.toString() ?? "";
    expect(svg.length).toBeGreaterThan(0);
    expect(svg.length).toBeLessThan(1024);
    // Nothing that could run, load or link: only shapes.
    expect(svg).not.toMatch(/<script|<foreignObject|<image|<use|\son\w+=|href|url\(|javascript:/i);
  });

  it("draws a different mark for each provider", () => {
    const marks = factories
      .filter(([id]) => !id.includes("1.0a"))
      .map(([, f]) => String(providerLogo(f(keys))));
    expect(new Set(marks).size).toBe(marks.length);
  });

  it.each([
    [
      "a provider written as a plain object, even with a built-in provider's id",
      { id: "github", name: "GitHub", type: "oauth" },
    ],
    ["a custom provider", { id: "acme", name: "Acme", type: "oidc", issuer: "https://idp.acme.test" }],
    [
      "a mark under a string key, as JSON could give",
      JSON.parse('{"id":"x","providerMark":"<script>alert(1)</script>"}'),
    ],
    ["a built-in provider copied through JSON", JSON.parse(JSON.stringify(GitHub(keys)))],
  ])("has none for %s", (_what, provider) => {
    expect(providerLogo(provider)).toBeUndefined();
  });
});
