/**
 * `locals.getAccessToken` from a SvelteKit endpoint: the shared getAccessToken suite on the built
 * fixture app, run as its own Node process. The app builds the suite's configuration itself, for
 * the provider the suite started (named in its environment), and the suite moves its clock
 * through the fixture's `/token-clock` route.
 */
import { type AccessTokenApp, runAccessTokenSuite } from "@portcullis/testkit";
import { afterAll, beforeAll } from "vitest";
import { type BuiltFixture, buildFixture, startFixture } from "./helpers";

let built: BuiltFixture | undefined;
beforeAll(async () => {
  built = await buildFixture();
}, 180_000);
afterAll(() => built?.remove());

runAccessTokenSuite("SvelteKit endpoint", async (config): Promise<AccessTokenApp> => {
  if (!built) throw new Error("The SvelteKit fixture was not built.");
  const provider = config.providers[0] as { issuer?: string };
  process.env.PORTCULLIS_TOKENS_ISSUER = provider.issuer;
  const server = await startFixture(built).finally(() => {
    delete process.env.PORTCULLIS_TOKENS_ISSUER;
  });
  return {
    ...server,
    setClockOffset: async (offsetMs) => {
      const response = await server.client().post("/token-clock", { json: { offsetMs } });
      if (!response.ok) throw new Error(`/token-clock answered ${response.status}`);
    },
  };
});
