/**
 * The shared suites on the built fixture app: the integration suite, then getAccessToken (with an
 * OpenID Connect sign-in through the app's route handlers, whose requests to the provider go
 * through Next.js's patched fetch); getAccessToken in a server component; a magic link sent
 * by SMTP and followed through the app's route handlers; and a database session that auth() in a
 * server component does not extend (it cannot set the cookie), so the cookie lives as long as the
 * row.
 */
import type { AuthConfig } from "@portcullis/core";
import Nodemailer from "@portcullis/core/providers/nodemailer";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import {
  type AccessTokenFixture,
  accessTokenFixture,
  integrationConfig,
  runAccessTokenSuite,
  runIntegrationTests,
  SESSION_COOKIE,
  type SmtpSink,
  signInAsAlice,
  startSmtpSink,
} from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  asIntegrationApp,
  buildFixture,
  type FixtureBuild,
  type FixtureServer,
  startFixture,
  withProtectedRoute,
} from "./helpers";

let build: FixtureBuild | undefined;
let server: FixtureServer | undefined;

// Runs before the suites' own beforeAll, which call `start`.
beforeAll(async () => {
  build = await buildFixture();
  server = await startFixture();
}, 240_000);

afterAll(async () => {
  await server?.close();
  await build?.remove();
});

function running(): FixtureServer {
  if (!server) throw new Error("The Next.js server did not start.");
  return server;
}

runIntegrationTests({
  name: "NextAuth route handlers and auth() in a built Next.js app",
  start: async (config, { broken }) => {
    running().use({ config: withProtectedRoute(config), broken });
    return asIntegrationApp(running());
  },
});

// `/token` is a route handler calling NextAuth's getAccessToken.
runAccessTokenSuite("Next.js route handler", async (config) => {
  running().use({ config: withProtectedRoute(config), broken: config });
  return asIntegrationApp(running());
});

describe("getAccessToken in a server component", () => {
  let fixture: AccessTokenFixture;
  beforeAll(async () => {
    fixture = await accessTokenFixture();
    running().use({ config: withProtectedRoute(fixture.config), broken: fixture.config });
  });
  afterAll(() => fixture?.stop());

  it("renders a refreshed token although Next.js refuses the cookie there, refreshing once", async () => {
    const client = running().client();
    client.jar.set(SESSION_COOKIE, await fixture.signIn());
    const rendered = async () => {
      const response = await client.get("/token-page");
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie().filter((c) => c.startsWith(`${SESSION_COOKIE}=`))).toEqual([]);
      return /<output id="token">([^<]*)<\/output>/.exec(await response.text())?.[1];
    };
    const first = await rendered();
    expect(first).toMatch(/\S/);
    expect(first).not.toBe("none");
    fixture.nearExpiry();
    const grants = fixture.idp.grantCount("refresh_token");
    const refreshed = await rendered();
    expect(refreshed).not.toBe(first);
    expect(fixture.idp.grantCount("refresh_token")).toBe(grants + 1);
    // The cookie still holds the old tokens; this process remembers the refresh it made.
    expect(await rendered()).toBe(refreshed);
    expect(fixture.idp.grantCount("refresh_token")).toBe(grants + 1);
  });
});

describe("a magic link through the app's route handlers", () => {
  let sink: SmtpSink;
  beforeAll(async () => {
    sink = await startSmtpSink();
    const config: AuthConfig = {
      secret: "next-magic-link-secret-with-32-characters",
      trustHost: true,
      adapter: MemoryAdapter(),
      providers: [Nodemailer({ server: sink.url, from: "Example <no-reply@example.test>" })],
      logger: { error: () => {} },
    };
    running().use({ config: withProtectedRoute(config), broken: config });
  });
  afterAll(() => sink?.stop());

  it("mails the link by SMTP, signs in through it, and auth() in a route handler reads the session", async () => {
    const client = running().client();
    const csrfToken = await client.csrfToken();
    const requested = await client.post("/auth/signin/nodemailer", {
      form: { csrfToken, email: "ada@example.test", callbackUrl: "/me" },
    });
    expect(requested.status).toBe(302);
    expect(new URL(requested.headers.get("location")!).pathname).toBe("/auth/verify-request");
    const mail = await sink.waitForMail("ada@example.test");
    const link = new URL(/https?:\/\/\S+/.exec(mail.text)![0]);
    expect(link.origin + link.pathname).toBe(`${running().origin}/auth/callback/nodemailer`);
    const landed = await client.get(`${link.pathname}${link.search}`);
    expect(landed.status).toBe(302);
    expect(landed.headers.get("location")).toBe(`${running().origin}/me`);
    const me = (await (await client.get("/me")).json()) as { user?: { email?: string } };
    expect(me.user?.email).toBe("ada@example.test");
  });
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

// The root layout of an Auth.js app reads auth() in a server component and hands the session to
// <SessionProvider> (the fixture's /with-provider does). Were that read to extend the row, every
// later read within updateAge (the session route too) would see a fresh row and re-issue nothing:
// the browser's cookie would keep the sign-in's expiry and the user would be signed out at
// maxAge however active, leaving the row behind.
describe("a database session read by auth() in a server component", () => {
  it("moves the browser cookie's expiry along with the session it extends", async () => {
    const adapter = MemoryAdapter();
    await adapter.createUser!({ id: "u1", name: "Alice", email: "alice@example.com", emailVerified: null });
    const config = integrationConfig({
      adapter,
      session: { strategy: "database", maxAge: 60, updateAge: 1 },
    });
    running().use({ config: withProtectedRoute(config), broken: integrationConfig({ trustHost: false }) });
    const browser = running().client();

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
