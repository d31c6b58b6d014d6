/**
 * The shared suites on the built fixture app (the integration suite, then getAccessToken), and an
 * OpenID Connect sign-in through its route handlers.
 */
import type { AuthConfig } from "@portcullis/core";
import {
  type AccessTokenFixture,
  accessTokenFixture,
  runAccessTokenSuite,
  runIntegrationTests,
  SESSION_COOKIE,
  startOpenIdProvider,
  type TestOpenIdProvider,
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

describe("an OpenID Connect sign-in through the app's route handlers", () => {
  // Every request to the provider (discovery, token, keys) goes through Next.js's patched fetch.
  let idp: TestOpenIdProvider;
  let config: AuthConfig;
  beforeAll(async () => {
    const origin = running().origin;
    idp = await startOpenIdProvider({
      clients: [
        {
          client_id: "next-app",
          client_secret: "next-secret",
          redirect_uris: [`${origin}/auth/callback/idp`],
        },
      ],
    });
    config = {
      secret: "next-oidc-test-secret-with-32-characters",
      trustHost: true,
      providers: [
        {
          id: "idp",
          name: "Test IdP",
          type: "oidc",
          issuer: idp.issuer,
          clientId: "next-app",
          clientSecret: "next-secret",
        },
      ],
      logger: { error: () => {} },
    };
    running().use({ config: withProtectedRoute(config), broken: config });
  });
  afterAll(() => idp?.stop());

  it("signs in with the provider and auth() in a route handler reads the session", async () => {
    const client = running().client();
    const csrfToken = await client.csrfToken();
    const started = await client.post("/auth/signin/idp", { form: { csrfToken, callbackUrl: "/me" } });
    expect(started.status).toBe(302);
    idp.nextLogin({ sub: "alice" });
    const outcome = await idp.authorize(started.headers.get("location")!);
    if (outcome.kind !== "redirect") throw new Error("expected a redirect back from the provider");
    expect(outcome.url.startsWith(`${running().origin}/auth/callback/idp?`)).toBe(true);
    const landed = await client.get(outcome.url);
    expect(landed.status).toBe(302);
    expect(landed.headers.get("location")).toBe(`${running().origin}/me`);
    expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();
    const me = (await (await client.get("/me")).json()) as { user?: { email?: string } };
    expect(me.user?.email).toBe("alice@example.test");
  });
});
