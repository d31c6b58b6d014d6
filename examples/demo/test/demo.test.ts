/** The demo, driven in headless Chromium: what a person does on it, end to end. */
import { enableVirtualAuthenticator } from "@portcullis/testkit";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoInChromium, startDemoInChromium } from "./demo-in-chromium";

let run: DemoInChromium;
let browser: Browser;
let demo: DemoInChromium["demo"];
let links: DemoInChromium["links"];

beforeAll(async () => {
  run = await startDemoInChromium();
  ({ browser, demo, links } = run);
});

afterAll(() => run?.stop());

describe("demo", () => {
  it("signs in with the password form, shows the private page, and signs out", async () => {
    const page = await browser.newPage();
    await page.goto(`${demo.url}/private`);
    expect(new URL(page.url()).pathname).toBe("/auth/signin");
    await page.fill('input[name="email"][type="email"] >> nth=0', "alice@example.com");
    await page.fill('input[name="password"]', "wonderland");
    await page.click('button:has-text("Sign in with Password")');
    await page.waitForURL(`${demo.url}/private`);
    expect(await page.textContent("body")).toContain("only signed-in users see this");
    await page.goto(`${demo.url}/`);
    await page.click('a:has-text("Sign out")');
    await page.click('button:has-text("Sign out")');
    await page.waitForURL(`${demo.url}/`);
    expect(await page.textContent("body")).toContain("You are not signed in");
    await page.close();
  });

  it("refuses a wrong password with a message on the sign-in page", async () => {
    const page = await browser.newPage();
    await page.goto(`${demo.url}/auth/signin`);
    await page.fill('input[name="email"][type="email"] >> nth=0', "alice@example.com");
    await page.fill('input[name="password"]', "guess");
    await page.click('button:has-text("Sign in with Password")');
    await page.waitForURL(/error=CredentialsSignin/);
    expect(await page.textContent("body")).toMatch(/check/i);
    await page.close();
  });

  it("signs in a new address with a magic link", async () => {
    const page = await browser.newPage();
    await page.goto(`${demo.url}/auth/signin`);
    const emailForm = page.locator('form:has(button:has-text("Sign in with Magic link"))');
    await emailForm.locator('input[name="email"]').fill("bob@example.com");
    await emailForm.locator("button").click();
    await page.waitForURL(/verify-request/);
    const link = links.get("bob@example.com");
    expect(link).toBeDefined();
    await page.goto(link!);
    await page.waitForURL(`${demo.url}/`);
    expect(await page.textContent("body")).toContain("bob@example.com");
    await page.close();
  });

  it("registers a passkey for a new address, signs out, and signs back in with it from autofill", async () => {
    const page = await browser.newPage();
    await enableVirtualAuthenticator(page);
    await page.goto(`${demo.url}/auth/signin`);
    const passkey = page.locator('section[data-provider="passkey"]');
    await passkey.locator('input[name="email"]').fill("carol@example.com");
    await Promise.all([page.waitForURL(`${demo.url}/`), passkey.locator("button").click()]);
    expect(await page.textContent("body")).toContain("carol@example.com");
    await page.click('a:has-text("Sign out")');
    await Promise.all([page.waitForURL(`${demo.url}/`), page.click('button:has-text("Sign out")')]);
    // The page offers the device's passkeys in the browser's autofill (conditional UI); the
    // virtual authenticator answers that request at once, as a person picking carol's passkey.
    await page.goto(`${demo.url}/auth/signin`);
    await page.waitForURL(`${demo.url}/`);
    expect(await page.textContent("body")).toContain("carol@example.com");
    await page.close();
  });
});
