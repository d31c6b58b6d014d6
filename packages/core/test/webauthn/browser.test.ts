/**
 * Passkey sign-in in real Chromium with a CDP virtual authenticator: the built-in sign-in page's
 * script registers a passkey for a new email and signs in, and after signing out the same passkey
 * signs the same user in again. The app runs behind a real HTTP server and is opened as
 * http://localhost:<port>, because WebAuthn refuses IP-address origins.
 */
import { Auth } from "@portcullis/core";
import { enableVirtualAuthenticator, launchChromium, type ServedApp, serve } from "@portcullis/testkit";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passkeyConfig } from "./helpers";

const EMAIL = "ada@example.com";

let browser: Browser;
let app: ServedApp;
let origin: string;
const config = passkeyConfig();
const adapter = config.adapter;

beforeAll(async () => {
  app = await serve(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/auth/")) return Auth(request, config);
    // A page of the app's own origin that tries to frame the sign-in page.
    if (pathname === "/framer")
      return new Response('<!DOCTYPE html><title>Framer</title><iframe src="/auth/signin"></iframe>', {
        headers: { "Content-Type": "text/html" },
      });
    return new Response("<!DOCTYPE html><title>Home</title><p>Home</p>", {
      headers: { "Content-Type": "text/html" },
    });
  });
  origin = `http://localhost:${app.port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function session(page: Page): Promise<{ user?: { email?: string } } | null> {
  return page.evaluate(async () => (await fetch("/auth/session")).json());
}

/** Types the email on the built-in sign-in page, presses the passkey button and waits for home. */
async function signInWithPasskey(page: Page, email = EMAIL): Promise<void> {
  await page.goto(`${origin}/auth/signin`);
  await page.fill('input[name="email"]', email);
  await Promise.all([page.waitForURL(`${origin}/`), page.click('button[data-webauthn-provider="passkey"]')]);
}

describe("passkey sign-in in Chromium", () => {
  it("registers a passkey, signs out, and signs the same user in again with it", async () => {
    const page = await browser.newPage();
    const cdp = await page.context().newCDPSession(page);
    const authenticatorId = await enableVirtualAuthenticator(page);

    await signInWithPasskey(page);
    expect(await session(page)).toMatchObject({ user: { email: EMAIL } });
    const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
    const credentialId = Buffer.from(credentials[0]!.credentialId, "base64").toString("base64url");

    const user = await adapter.getUserByEmail!(EMAIL);
    expect(await adapter.getAccount!(credentialId, "passkey")).toMatchObject({
      userId: user?.id,
      type: "webauthn",
    });
    const registered = await adapter.getAuthenticator!(credentialId);
    expect(registered).toMatchObject({ userId: user?.id, providerAccountId: credentialId });

    await page.goto(`${origin}/auth/signout`);
    await Promise.all([page.waitForURL(`${origin}/`), page.click('form button[type="submit"]')]);
    expect(await session(page)).toBeNull();

    await signInWithPasskey(page);
    expect(await session(page)).toMatchObject({ user: { email: EMAIL } });
    expect(await adapter.listAuthenticatorsByUserId!(user!.id)).toHaveLength(1);
    const used = await adapter.getAuthenticator!(credentialId);
    const { credentials: after } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
    expect(used?.counter).toBe(after[0]?.signCount);
    expect(used?.counter).toBeGreaterThan(registered!.counter);
    await page.close();
  });

  it("runs the passkey script under the page's Content-Security-Policy, with no violation reported", async () => {
    const page = await browser.newPage();
    await enableVirtualAuthenticator(page);
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) violations.push(message.text());
    });
    await signInWithPasskey(page, "hedy@example.com");
    expect(await session(page)).toMatchObject({ user: { email: "hedy@example.com" } });
    expect(violations).toEqual([]);
    await page.close();
  });

  it("refuses to show the sign-in page in a frame, even on its own origin", async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/framer`);
    const frame = page.frames().find((f) => f !== page.mainFrame());
    expect(frame).toBeDefined();
    // A refused frame holds the browser's error document, not the sign-in form.
    expect(await frame!.locator("form").count()).toBe(0);
    expect(frame!.url()).not.toBe(`${origin}/auth/signin`);
    await page.close();
  });

  it("shows a message and re-enables the button when the server refuses the ceremony", async () => {
    const page = await browser.newPage();
    await enableVirtualAuthenticator(page);
    await signInWithPasskey(page, "grace@example.com");
    // Signed in, a request without an explicit action is undecidable: 400 from webauthn-options.
    await page.goto(`${origin}/auth/signin`);
    await page.fill('input[name="email"]', "grace@example.com");
    await page.click('button[data-webauthn-provider="passkey"]');
    const alert = page.locator('section[data-provider="passkey"] [role="alert"]');
    await alert.waitFor();
    expect(await alert.textContent()).toBe("Passkey sign-in did not complete. Please try again.");
    expect(await page.isEnabled('button[data-webauthn-provider="passkey"]')).toBe(true);
    expect(page.url()).toBe(`${origin}/auth/signin`);
    await page.close();
  });
});
