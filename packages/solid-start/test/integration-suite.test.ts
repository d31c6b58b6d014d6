import { runIntegrationTestsOnFixture } from "@portcullis/testkit";
import { buildFixture, startFixture } from "./helpers";

runIntegrationTestsOnFixture(
  "SolidAuth's catch-all API route and getSession in a built SolidStart (vinxi node-server) app",
  buildFixture,
  startFixture,
);
