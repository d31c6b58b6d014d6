/**
 * OpenID Connect through the built fixture app, run as its own Node process: a sign-in whose
 * callback the handle hook serves, and `locals.getAccessToken` from an endpoint (the shared
 * getAccessToken suite). The app builds the suite's configuration itself (routes at `/token/auth`)
 * for the provider the test started, named in its environment; the suite moves the app's clock
 * through the fixture's `/token-clock` route.
 */
import {
  ACCESS_TOKEN_CLIENT,
  type AccessTokenApp,
  type FixtureServer,
  runAccessTokenSuite,
  SESSION_COOKIE,
  startOpenIdProvider,
  type TestOpenIdProvider,
} from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltFixture, buildFixture, startFixture } from "./helpers";

let built: BuiltFixture | undefined;
beforeAll(async () => {
  built = await buildFixture();
}, 180_000);
afterAll(() => built?.remove());

/** Starts the app with its `/token` configuration on the provider at `issuer`. */
async function startWithIssuer(issuer: string): Promise<FixtureServer> {
  if (!built) throw new Error("The SvelteKit fixture was not built.");
  process.env.PORTCULLIS_TOKENS_ISSUER = issuer;
  try {
    return await startFixture(built);
  } finally {
    delete process.env.PORTCULLIS_TOKENS_ISSUER;
  }
}

describe("an OpenID Connect sign-in through the handle hook", () => {
  // The app's public origin, as the test's reverse proxy names it: known before the app starts,
  // so the provider can be told the redirect URI.
  const PUBLIC_HOST = "app.test:8080";
  const behindProxy = { headers: { "x-forwarded-host": PUBLIC_HOST } };
  let idp: TestOpenIdProvider;
  let server: FixtureServer;
  beforeAll(async () => {
    idp = await startOpenIdProvider({
      clients: [{ ...ACCESS_TOKEN_CLIENT, redirect_uris: [`http://${PUBLIC_HOST}/token/auth/callback/idp`] }],
    });
    server = await startWithIssuer(idp.issuer);
  });
  afterAll(async () => {
    await server?.close();
    await idp?.stop();
  });

  it("signs in with the provider, and the app's endpoints see the user and the provider's token", async () => {
    const client = server.client();
    const csrfToken = await client.csrfToken("/token/auth");
    const started = await client.post("/token/auth/signin/idp", {
      form: { csrfToken, callbackUrl: "/token" },
      ...behindProxy,
    });
    expect(started.status).toBe(302);
    idp.nextLogin({ sub: "alice" });
    const outcome = await idp.authorize(started.headers.get("location")!);
    if (outcome.kind !== "redirect") throw new Error("expected a redirect back from the provider");
    const callback = new URL(outcome.url);
    expect(callback.origin + callback.pathname).toBe(`http://${PUBLIC_HOST}/token/auth/callback/idp`);
    const landed = await client.get(callback.pathname + callback.search, behindProxy);
    expect(landed.status).toBe(302);
    expect(landed.headers.get("location")).toBe(`http://${PUBLIC_HOST}/token`);
    expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();
    const session = (await (await client.get("/token/auth/session", behindProxy)).json()) as {
      user?: { email?: string };
    };
    expect(session.user?.email).toBe("alice@example.test");
    const token = (await (await client.get("/token", behindProxy)).json()) as {
      answer: { accessToken: string } | null;
    };
    expect(token.answer?.accessToken).toMatch(/\S/);
  });
});

runAccessTokenSuite("SvelteKit endpoint", async (config): Promise<AccessTokenApp> => {
  const provider = config.providers[0] as { issuer: string };
  const server = await startWithIssuer(provider.issuer);
  return {
    ...server,
    setClockOffset: async (offsetMs) => {
      const response = await server.client().post("/token-clock", { json: { offsetMs } });
      if (!response.ok) throw new Error(`/token-clock answered ${response.status}`);
    },
  };
});
