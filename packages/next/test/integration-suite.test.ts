/**
 * The shared suites on the built fixture app: the integration suite, then getAccessToken (with an
 * OpenID Connect sign-in through the app's route handlers, whose requests to the provider go
 * through Next.js's patched fetch); and getAccessToken in a server component.
 */
import {
  type AccessTokenFixture,
  accessTokenFixture,
  runAccessTokenSuite,
  runIntegrationTests,
  SESSION_COOKIE,
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
