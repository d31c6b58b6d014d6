/** "Your sessions" on the demo's home page, driven in headless Chromium across several browsers. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchChromium } from "@portcullis/testkit";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo } from "../src/app";

let browser: Browser;
let demo: Awaited<ReturnType<typeof startDemo>>;
let dir: string;

/** Two browsers a person might own, told apart by their User-Agent headers. */
const FIREFOX_ON_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "portcullis-demo-sessions-"));
  demo = await startDemo({ port: 0, host: "127.0.0.1", databaseFile: join(dir, "demo.sqlite") });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await demo?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** A fresh browser (its own cookies) signed in as alice with the password form, on the home page. */
async function aliceIn(userAgent: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ userAgent });
  const page = await context.newPage();
  await page.goto(`${demo.url}/auth/signin`);
  await page.fill('input[name="email"][type="email"] >> nth=0', "alice@example.com");
  await page.fill('input[name="password"]', "wonderland");
  await Promise.all([
    page.waitForURL(`${demo.url}/`),
    page.click('button:has-text("Sign in with Password")'),
  ]);
  return { context, page };
}

const sessionRows = (page: Page) => page.locator('section:has(h2:has-text("Your sessions")) li');

describe("demo sessions", () => {
  it("lists both of alice's browsers in plain words and signs the other one out", async () => {
    const laptop = await aliceIn(FIREFOX_ON_WINDOWS);
    const phone = await aliceIn(SAFARI_ON_IPHONE);
    await laptop.page.reload();
    const rows = sessionRows(laptop.page);
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
    const mine = rows.filter({ hasText: "This device" });
    expect(await mine.textContent()).toContain("Firefox on Windows");
    expect(await mine.textContent()).toMatch(/Signed in .*last seen/);
    const other = rows.filter({ hasText: "Safari on iPhone" });
    await Promise.all([laptop.page.waitForURL(/\/\?revoked=1$/), other.locator("button").click()]);
    expect(await laptop.page.textContent("body")).toContain("Signed out 1 session.");
    expect(await sessionRows(laptop.page).filter({ hasText: "Safari on iPhone" }).count()).toBe(0);

    await phone.page.reload();
    expect(await phone.page.textContent("body")).toContain("You are not signed in");
    await laptop.context.close();
    await phone.context.close();
  });

  it("signs out the other sessions and keeps this one", async () => {
    const first = await aliceIn(FIREFOX_ON_WINDOWS);
    const second = await aliceIn(SAFARI_ON_IPHONE);
    await first.page.reload();
    await Promise.all([
      first.page.waitForURL(/\/\?revoked=\d+$/),
      first.page.click('button:has-text("Sign out other sessions")'),
    ]);
    expect(await sessionRows(first.page).count()).toBe(1);
    expect(await first.page.textContent("body")).toContain("This device");
    await second.page.reload();
    expect(await second.page.textContent("body")).toContain("You are not signed in");
    await first.context.close();
    await second.context.close();
  });

  it("signs out everywhere, this browser included", async () => {
    const first = await aliceIn(FIREFOX_ON_WINDOWS);
    const second = await aliceIn(SAFARI_ON_IPHONE);
    await first.page.reload();
    await Promise.all([
      first.page.waitForURL(/\/\?revoked=\d+$/),
      first.page.click('button:has-text("Sign out everywhere")'),
    ]);
    expect(await first.page.textContent("body")).toContain("You are not signed in");
    // Signed out, the page still says what the button did: this browser, the other, and any
    // sessions left by the tests before.
    expect(await first.page.textContent("body")).toMatch(/Signed out \d+ sessions\./);
    await second.page.reload();
    expect(await second.page.textContent("body")).toContain("You are not signed in");
    await first.context.close();
    await second.context.close();
  });

  it("refuses a session post from another site", async () => {
    const { context, page } = await aliceIn(FIREFOX_ON_WINDOWS);
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    const answer = await fetch(`${demo.url}/sessions/revoke-all`, {
      method: "POST",
      headers: {
        cookie,
        origin: "https://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "",
      redirect: "manual",
    });
    expect(answer.status).toBe(403);
    await page.reload();
    expect(await page.textContent("body")).toContain("This device");
    await context.close();
  });
});
