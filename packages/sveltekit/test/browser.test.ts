/**
 * The form actions in a real browser: Chromium follows the protected page's redirect to the
 * login page, submits the form as a person would (a native form post with the page's Origin,
 * which SvelteKit's CSRF check reads), and comes back with the session cookie; then signs out.
 */
import { launchChromium, SESSION_COOKIE, useFixtureServer } from "@portcullis/testkit";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buildFixture, startFixture } from "./helpers";

const app = useFixtureServer(buildFixture, (fixture) => startFixture(fixture));
let browser: Browser | undefined;

beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

/** A fresh browser page that, like a reverse proxy in front of the app, says it came over http. */
async function newPage(): Promise<Page> {
  if (!browser) throw new Error("Chromium did not start.");
  const page = await browser.newPage();
  await page.setExtraHTTPHeaders({ "x-forwarded-proto": "http" });
  return page;
}

it("signs in through the login form and out through the logout form", async () => {
  const { origin } = app();
  const page = await newPage();
  await page.goto(`${origin}/protected`);
  expect(page.url()).toBe(`${origin}/login?redirectTo=%2Fprotected`);

  await page.fill('input[name="username"]', "alice");
  await page.fill('input[name="password"]', "wonderland");
  await Promise.all([page.waitForURL(`${origin}/protected`), page.click("button")]);
  expect(await page.textContent("#name")).toBe("Alice");
  const session = (await page.context().cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });

  await page.goto(`${origin}/logout`);
  await Promise.all([page.waitForURL(`${origin}/logout`), page.click("button")]);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);
  await page.goto(`${origin}/protected`);
  expect(page.url()).toBe(`${origin}/login?redirectTo=%2Fprotected`);
  await page.close();
});

it("keeps the visitor on the login page when the password is wrong", async () => {
  const { origin } = app();
  const page = await newPage();
  await page.goto(`${origin}/login?redirectTo=%2Fprotected`);
  await page.fill('input[name="username"]', "alice");
  await page.fill('input[name="password"]', "not-the-password");
  await Promise.all([page.waitForURL(/\/auth\/signin\?/), page.click("button")]);
  const url = new URL(page.url());
  expect(url.searchParams.get("error")).toBe("CredentialsSignin");
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain(SESSION_COOKIE);
  await page.close();
});
