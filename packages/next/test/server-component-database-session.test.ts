/**
 * On the built fixture app: a database session read by `auth()` in a server component is never
 * extended there, since the re-issued cookie cannot be set; the session route extends it and sets
 * the cookie, so the browser's cookie always lives as long as the row.
 *
 * The root layout of an Auth.js app reads `auth()` in a server component and hands the session to
 * <SessionProvider> (the fixture's /with-provider does exactly that). Were that read to extend the
 * row, every later read within updateAge (the session route included) would see a fresh row and
 * re-issue nothing: the browser's cookie would keep the expiry of the sign-in and the user would
 * be signed out at `maxAge` however active, leaving the row behind.
 */
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { integrationConfig, SESSION_COOKIE, signInAsAlice } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildFixture,
  type FixtureBuild,
  type FixtureServer,
  startFixture,
  withProtectedRoute,
} from "./helpers";

let build: FixtureBuild | undefined;
let server: FixtureServer | undefined;

beforeAll(async () => {
  build = await buildFixture();
  server = await startFixture();
}, 240_000);

afterAll(async () => {
  await server?.close();
  await build?.remove();
});

/** The latest Expires of a session cookie the browser was given, in ms. */
function cookieExpiry(responses: Response[]): number {
  let latest = 0;
  for (const response of responses)
    for (const cookie of response.headers.getSetCookie()) {
      if (!cookie.startsWith(`${SESSION_COOKIE}=`)) continue;
      const expires = /Expires=([^;]+)/i.exec(cookie)?.[1];
      if (expires) latest = Math.max(latest, Date.parse(expires));
    }
  return latest;
}

describe("a database session read by auth() in a server component", () => {
  it("moves the browser cookie's expiry along with the session it extends", async () => {
    const adapter = MemoryAdapter();
    await adapter.createUser!({ id: "u1", name: "Alice", email: "alice@example.com", emailVerified: null });
    const config = integrationConfig({
      adapter,
      session: { strategy: "database", maxAge: 60, updateAge: 1 },
    });
    server!.use({ config: withProtectedRoute(config), broken: integrationConfig({ trustHost: false }) });
    const browser = server!.client();

    const signIn = await signInAsAlice(browser);
    expect(signIn.status).toBe(302);
    const signedInExpiry = cookieExpiry([signIn]);
    expect(signedInExpiry).toBeGreaterThan(Date.now());

    // updateAge passes; the user keeps using the app.
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    const page = await browser.get("/with-provider"); // the layout's auth(): extends the row
    expect(await page.text()).toContain("authenticated|Alice");
    const session = await browser.get("/auth/session"); // what SessionProvider would fetch
    const { expires } = (await session.json()) as { expires: string };

    // The session now lives ~2.5 s longer than at sign-in; the cookie must too (1 s: Expires has
    // whole seconds).
    expect(Date.parse(expires)).toBeGreaterThan(signedInExpiry + 1_000);
    expect(cookieExpiry([signIn, page, session])).toBeGreaterThanOrEqual(Date.parse(expires) - 1_000);
  });
});
