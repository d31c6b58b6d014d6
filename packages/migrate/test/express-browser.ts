/**
 * What a person does with a migrated Express app in Chromium, shared by the Express 4 and Express 5
 * fixtures: meet the protected page signed out, sign in through the built-in page's credentials
 * form, see the user, sign out through the built-in sign-out page.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { SESSION_COOKIE } from "@portcullis/testkit";
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";

/** A migrated app listening on loopback. */
export interface RunningApp {
  origin: string;
  close(): void;
}

/**
 * Imports a migrated app's module (which exports its Express `app`, as the fixtures do) and
 * listens on a free loopback port.
 *
 * @param entry The absolute path of the module exporting `app`.
 * @returns Its origin and a `close` that also drops open keep-alive connections.
 * @throws When the module exports no `app`.
 * @example
 * const running = await listenMigratedApp(join(dir, "src", "app.ts"));
 */
export async function listenMigratedApp(entry: string): Promise<RunningApp> {
  const { app } = (await import(entry)) as {
    app?: { listen(port: number, host: string, ready: () => void): Server };
  };
  if (!app) throw new Error(`${entry} exports no app.`);
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close() {
      server.closeAllConnections();
      server.close();
    },
  };
}

/** How an app shows a signed-out visitor its protected page. */
export type SignedOutPage =
  /** It redirects to the built-in sign-in page. */
  | "redirect"
  /** It answers with a link to the built-in sign-in page, which the person follows. */
  | "link";

/** Where the steps go and what they expect to read. */
export interface BrowserSteps {
  origin: string;
  /** The app's page that needs a session. */
  protectedPath: string;
  signedOut: SignedOutPage;
  /** The text the protected page shows once Alice is signed in. */
  signedInText: string;
}

/**
 * Signs Alice (the fixtures' credentials user) in and out in a fresh Chromium page, as a person
 * would: the protected page sends them to the built-in sign-in page, whose credentials form they
 * fill in; they land back on the protected page, which shows them; the built-in sign-out page's button signs them out,
 * after which the session cookie is gone and the protected page is closed to them again.
 *
 * @param browser The file's Chromium, from `launchChromium()`.
 * @param steps The app's origin, its protected page, and what it shows.
 * @throws An assertion error at the first step the app gets wrong.
 * @example
 * await signInAndOutInChromium(browser, { origin, protectedPath: "/", signedOut: "link", signedInText: "Alice" });
 */
export async function signInAndOutInChromium(browser: Browser, steps: BrowserSteps): Promise<void> {
  const page = await browser.newPage();
  try {
    await reachSignInPage(page, steps);
    await page.fill('input[name="username"]', "alice");
    await page.fill('input[name="password"]', "wonderland");
    // Back where the visit began: the sign-in page carried the way back as its callback URL.
    await Promise.all([
      page.waitForURL((url) => url.pathname === steps.protectedPath, { timeout: 5_000 }),
      page.click('form[action$="/auth/callback/credentials"] button[type="submit"]'),
    ]);
    expect(await page.textContent("body")).toContain(steps.signedInText);
    expect(await sessionCookie(page)).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

    await page.goto(`${steps.origin}/auth/signout`);
    await Promise.all([
      page.waitForURL((url) => url.pathname !== "/auth/signout", { timeout: 5_000 }),
      page.click('form[action$="/auth/signout"] button[type="submit"]'),
    ]);
    expect(await sessionCookie(page)).toBeUndefined();
    await reachSignInPage(page, steps);
  } finally {
    await page.close();
  }
}

/** Opens the protected page signed out and ends on the built-in sign-in page. */
async function reachSignInPage(page: Page, steps: BrowserSteps): Promise<void> {
  const response = await page.goto(`${steps.origin}${steps.protectedPath}`);
  if (steps.signedOut === "link") {
    expect(response?.status()).toBe(401);
    await Promise.all([
      page.waitForURL((url) => url.pathname === "/auth/signin", { timeout: 5_000 }),
      page.click('a[href^="/auth/signin"]'),
    ]);
  }
  expect(new URL(page.url()).pathname).toBe("/auth/signin");
  expect(await page.textContent("body")).not.toContain(steps.signedInText);
  expect(await page.isVisible('input[name="username"]')).toBe(true);
}

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
}
