import { runIntegrationTests } from "@portcullis/testkit";
import { afterAll, beforeAll } from "vitest";
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

// Runs before the suite's own beforeAll, which calls `start`.
beforeAll(async () => {
  build = await buildFixture();
  server = await startFixture();
}, 240_000);

afterAll(async () => {
  await server?.close();
  await build?.remove();
});

runIntegrationTests({
  name: "NextAuth route handlers and auth() in a built Next.js app",
  start: async (config, { broken }) => {
    if (!server) throw new Error("The Next.js server did not start.");
    server.use({ config: withProtectedRoute(config), broken });
    return asIntegrationApp(server);
  },
});
