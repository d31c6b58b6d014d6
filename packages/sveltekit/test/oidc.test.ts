/**
 * OpenID Connect through the built fixture app, run as its own Node process: the shared
 * getAccessToken suite, with `locals.getAccessToken` in an endpoint and a sign-in whose callback
 * the handle hook serves. The app builds the suite's configuration itself (routes at
 * `/token/auth`) for the provider the suite started, named in its environment; the suite moves the
 * app's clock through the fixture's `/token-clock` route.
 */
import { type AccessTokenApp, type FixtureServer, runAccessTokenSuite } from "@portcullis/testkit";
import { afterAll, beforeAll } from "vitest";
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

runAccessTokenSuite(
  "SvelteKit endpoint",
  async (config): Promise<AccessTokenApp> => {
    const provider = config.providers[0] as { issuer: string };
    const server = await startWithIssuer(provider.issuer);
    return {
      ...server,
      setClockOffset: async (offsetMs) => {
        const response = await server.client().post("/token-clock", { json: { offsetMs } });
        if (!response.ok) throw new Error(`/token-clock answered ${response.status}`);
      },
    };
  },
  "/token/auth",
);
