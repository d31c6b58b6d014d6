/**
 * What a newcomer tripped on, driven in headless Chromium: the typed address survives an error,
 * a passkey sign-in for an address without a passkey says so, a password user adds a passkey
 * from the home page, and the "check your email" page says where the link went.
 */
import { enableVirtualAuthenticator } from "@portcullis/testkit";
import type { Browser, Page } from "playwright-core";
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

const passwordForm = (page: Page) => page.locator('form:has(button:has-text("Sign in with Password"))');
const magicLinkForm = (page: Page) => page.locator('form:has(button:has-text("Sign in with Magic link"))');
const passkeyForm = (page: Page) => page.locator('section[data-provider="passkey"] form');

async function session(page: Page): Promise<{ user?: { email?: string } } | null> {
  return page.evaluate(async () => (await fetch("/auth/session")).json());
}

async function signInWithPassword(page: Page, email: string, password: string): Promise<void> {
  await page.goto(`${demo.url}/auth/signin`);
  await passwordForm(page).locator('input[name="email"]').fill(email);
  await passwordForm(page).locator('input[name="password"]').fill(password);
  await Promise.all([
    page.waitForURL((url) => url.pathname === "/" || url.searchParams.has("error")),
    passwordForm(page).locator("button").click(),
  ]);
}

async function signOut(page: Page): Promise<void> {
  await page.goto(`${demo.url}/auth/signout`);
  // Home, with whatever query the last callback URL had.
  await Promise.all([
    page.waitForURL((url) => url.pathname === "/"),
    page.click('button:has-text("Sign out")'),
  ]);
}

describe("the address typed on the sign-in page", () => {
  it("is still in the password form after a wrong password, and the password is not", async () => {
    const page = await browser.newPage();
    await signInWithPassword(page, "alice@example.com", "guess");
    expect(page.url()).toContain("error=CredentialsSignin");
    expect(await passwordForm(page).locator('input[name="email"]').inputValue()).toBe("alice@example.com");
    expect(await passwordForm(page).locator('input[name="password"]').inputValue()).toBe("");
    await page.close();
  });

  it("is still there after too many tries", async () => {
    const page = await browser.newPage();
    // Five wrong passwords per address in 15 minutes, then the demo stops checking for a while.
    for (let attempt = 0; attempt < 6; attempt++) await signInWithPassword(page, "dave@example.com", "guess");
    expect(page.url()).toContain("code=rate_limited");
    expect(await passwordForm(page).locator('input[name="email"]').inputValue()).toBe("dave@example.com");
    await page.close();
  });

  it("is still in the magic-link form when it is not a usable address", async () => {
    const page = await browser.newPage();
    await page.goto(`${demo.url}/auth/signin`);
    // The browser's own check would stop "alice@@example.com" before it is sent; a person
    // whose browser has none (or a script) still gets the typo back to fix.
    await magicLinkForm(page).evaluate((form) => form.setAttribute("novalidate", ""));
    await magicLinkForm(page).locator('input[name="email"]').fill("alice@@example.com");
    await Promise.all([page.waitForURL(/error=EmailSignin/), magicLinkForm(page).locator("button").click()]);
    expect(await magicLinkForm(page).locator('input[name="email"]').inputValue()).toBe("alice@@example.com");
    await page.close();
  });
});

describe("passkeys", () => {
  it("says an address has no passkey instead of signing in whoever's passkey is on the device", async () => {
    const page = await browser.newPage();
    const authenticatorId = await enableVirtualAuthenticator(page);
    // Erin registers a passkey on this device, then signs out.
    await page.goto(`${demo.url}/auth/signin`);
    await passkeyForm(page).locator('input[name="email"]').fill("erin@example.com");
    await Promise.all([page.waitForURL(`${demo.url}/`), passkeyForm(page).locator("button").click()]);
    await signOut(page);
    // Someone who ignores the autofill offer and types Alice's address, who has no passkey.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.setAutomaticPresenceSimulation", { authenticatorId, enabled: false });
    await page.goto(`${demo.url}/auth/signin`);
    await passkeyForm(page).locator('input[name="email"]').fill("alice@example.com");
    await passkeyForm(page).locator("button").click();
    const alert = passkeyForm(page).locator('[role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(
      "No passkey is registered for this address. Sign in another way, then add a passkey.",
    );
    expect(await session(page)).toBeNull();
    expect(await passkeyForm(page).locator("button").isEnabled()).toBe(true);
    await page.close();
  });

  it("lets a password user add a passkey from the home page, then sign in with it", async () => {
    const page = await browser.newPage();
    await enableVirtualAuthenticator(page);
    await signInWithPassword(page, "alice@example.com", "wonderland");
    expect(await page.locator("[data-passkeys]").getAttribute("data-passkeys")).toBe("0");
    await Promise.all([page.waitForNavigation(), page.click("#add-passkey")]);
    expect(new URL(page.url()).pathname).toBe("/");
    expect(await page.locator("[data-passkeys]").textContent()).toBe(
      "You have 1 passkey: sign in with it from the passkey form.",
    );
    await signOut(page);
    expect(await session(page)).toBeNull();
    // The sign-in page offers the device's passkey in autofill; the virtual authenticator picks
    // it at once, as a person would, and Alice is signed in with her new passkey.
    await page.goto(`${demo.url}/auth/signin`);
    await page.waitForURL(`${demo.url}/`);
    expect((await session(page))?.user?.email).toBe("alice@example.com");
    await page.close();
  });
});

describe("the check-your-email page", () => {
  it("names the address and says the link is in the terminal", async () => {
    const page = await browser.newPage();
    await page.goto(`${demo.url}/auth/signin`);
    await magicLinkForm(page).locator('input[name="email"]').fill("frank@example.com");
    await Promise.all([page.waitForURL(/verify-request/), magicLinkForm(page).locator("button").click()]);
    expect(await page.textContent("h1")).toBe("Check the terminal");
    expect(await page.textContent(".card p")).toBe(
      "The sign-in link for frank@example.com is printed in the terminal that runs the demo, in place of an email.",
    );
    expect(links.get("frank@example.com")).toBeDefined();
    await page.close();
  });
});
