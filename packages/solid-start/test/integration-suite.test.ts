import { runIntegrationTests } from "@portcullis/testkit";
import { afterAll, beforeAll } from "vitest";
import { type BuiltFixture, buildFixture, startFixture } from "./helpers";

let fixture: BuiltFixture | undefined;
// Built before the suite's own beforeAll starts the server, under a timeout that allows for a
// slow machine: building the app is most of this file's time.
beforeAll(async () => {
  fixture = await buildFixture();
}, 180_000);
afterAll(() => fixture?.remove());

runIntegrationTests({
  name: "SolidAuth's catch-all API route and getSession in a built SolidStart (vinxi node-server) app",
  // The app is built with its own copy of the suite's configuration (the same integrationConfig);
  // only the loggers come from here, and get every error the server process logs.
  start: async (config, { broken }) => {
    if (!fixture) throw new Error("The fixture app was not built.");
    return startFixture(fixture, { app: config.logger, broken: broken.logger });
  },
});
