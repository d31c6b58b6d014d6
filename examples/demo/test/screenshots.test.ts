/**
 * Screenshots of the demo's pages in Chromium at a desktop and a phone width, for a person to look
 * at (they are not compared with references). They are kept in `$DEMO_SHOTS` when it is set
 * (`DEMO_SHOTS=/tmp/shots npx vitest run examples/demo/test/screenshots.test.ts`); otherwise they
 * go to a temporary directory removed at the end. The test checks that each page fits the width: a page
 * a phone has to scroll sideways is a page a newcomer gives up on.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { enableVirtualAuthenticator, launchChromium } from "@portcullis/testkit";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo } from "../src/app";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 800 },
  { name: "mobile", width: 390, height: 844 },
] as const;

let browser: Browser;
let demo: Awaited<ReturnType<typeof startDemo>>;
let dir: string;
let shots: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "portcullis-demo-shots-db-"));
  demo = await startDemo({
    port: 0,
    host: "127.0.0.1",
    databaseFile: join(dir, "demo.sqlite"),
    onMagicLink: () => {},
  });
  browser = await launchChromium();
  // Kept only where DEMO_SHOTS asks for them; otherwise a run leaves nothing in the temp folder.
  shots = process.env.DEMO_SHOTS || mkdtempSync(join(tmpdir(), "portcullis-demo-shots-"));
  mkdirSync(shots, { recursive: true });
  if (process.env.DEMO_SHOTS) console.info(`demo screenshots: ${shots}`);
});

afterAll(async () => {
  await browser?.close();
  await demo?.stop();
  rmSync(dir, { recursive: true, force: true });
  if (!process.env.DEMO_SHOTS) rmSync(shots, { recursive: true, force: true });
});

const passwordForm = (page: Page) => page.locator('form:has(button:has-text("Sign in with Password"))');

/** Each page of the demo, reached the way a person reaches it. */
const SCENES: ReadonlyArray<[string, (page: Page) => Promise<void>]> = [
  ["home-signed-out", async (page) => void (await page.goto(`${demo.url}/`))],
  ["signin", async (page) => void (await page.goto(`${demo.url}/auth/signin`))],
  [
    "signin-wrong-password",
    async (page) => {
      await page.goto(`${demo.url}/auth/signin`);
      await passwordForm(page).locator('input[name="email"]').fill("alice@example.com");
      await passwordForm(page).locator('input[name="password"]').fill("guess");
      await Promise.all([page.waitForURL(/error=/), passwordForm(page).locator("button").click()]);
    },
  ],
  [
    "signin-no-passkey",
    async (page) => {
      await page.goto(`${demo.url}/auth/signin`);
      const form = page.locator('section[data-provider="passkey"] form');
      await form.locator('input[name="email"]').fill("alice@example.com");
      await form.locator("button").click();
      await form.locator('[role="alert"]').waitFor();
    },
  ],
  [
    "verify-request",
    async (page) => {
      await page.goto(`${demo.url}/auth/signin`);
      const form = page.locator('form:has(button:has-text("Sign in with Magic link"))');
      await form.locator('input[name="email"]').fill("bob@example.com");
      await Promise.all([page.waitForURL(/verify-request/), form.locator("button").click()]);
    },
  ],
  [
    "home-signed-in",
    async (page) => {
      await page.goto(`${demo.url}/auth/signin`);
      await passwordForm(page).locator('input[name="email"]').fill("alice@example.com");
      await passwordForm(page).locator('input[name="password"]').fill("wonderland");
      await Promise.all([page.waitForURL(`${demo.url}/`), passwordForm(page).locator("button").click()]);
    },
  ],
  ["private", async (page) => void (await page.goto(`${demo.url}/private`))],
];

describe("demo screenshots", () => {
  it.each(VIEWPORTS)(
    "fit the $name width ($width px) and are saved",
    async ({ name, width, height }) => {
      const context = await browser.newContext({ viewport: { width, height } });
      const page = await context.newPage();
      // An authenticator with no passkey for the site: the passkey form can be pressed.
      await enableVirtualAuthenticator(page);
      for (const [scene, reach] of SCENES) {
        await reach(page);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, `${scene} at ${name}`).toBeLessThanOrEqual(width);
        const file = join(shots, `${scene}-${name}.png`);
        await page.screenshot({ path: file, fullPage: true });
        expect(readFileSync(file).subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      }
      await context.close();
    },
    60_000,
  );
});
