/**
 * The sign-in page in real Chromium, in English and in Arabic: the browser lays the Arabic page
 * out right to left because the document says so. Screenshots of both land in a temporary
 * directory for a person to look at (the path is logged); they are not compared to references.
 */

import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Auth, type AuthConfig } from "@portcullis/core";
import { languages } from "@portcullis/core/languages";
import GitHub from "@portcullis/core/providers/github";
import { launchChromium, type ServedApp, serve } from "@portcullis/testkit";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { credentials, SECRET } from "../auth/helpers";

const config: AuthConfig = {
  secret: SECRET,
  trustHost: true,
  theme: { languages },
  providers: [GitHub({ clientId: "id", clientSecret: "secret" }), credentials],
};
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

let app: ServedApp;
let browser: Browser;
let shots: string;

beforeAll(async () => {
  app = await serve((request) => Auth(request, config));
  browser = await launchChromium();
  shots = await mkdtemp(join(tmpdir(), "portcullis-languages-"));
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
  // The test checks the screenshots itself; a run leaves nothing behind in the temp folder.
  if (shots) await rm(shots, { recursive: true, force: true });
});

describe("sign-in page in Chromium", () => {
  it.each([
    { locale: "en", direction: "ltr", heading: "Sign in" },
    { locale: "ar", direction: "rtl", heading: "تسجيل الدخول" },
  ])("renders in $locale with direction $direction", async ({ locale, direction, heading }) => {
    const context = await browser.newContext({ locale });
    const page = await context.newPage();
    await page.goto(`http://localhost:${app.port}/auth/signin`);
    expect(await page.textContent("h1")).toBe(heading);
    // What the browser computed, not what the markup says: the card's text really runs this way.
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).direction)).toBe(direction);
    expect(await page.locator(".card").evaluate((card) => getComputedStyle(card).direction)).toBe(direction);
    const file = join(shots, `signin-${locale}.png`);
    await page.screenshot({ path: file, fullPage: true });
    const png = await readFile(file);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(png.length).toBeGreaterThan(1000);
    await context.close();
  });
});
