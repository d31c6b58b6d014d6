import { runIntegrationTestsOnFixture } from "@portcullis/testkit";
import { buildFixture, startFixture } from "./helpers";

runIntegrationTestsOnFixture(
  "SvelteKitAuth's handle hook and locals.auth() in a built adapter-node app behind a loopback proxy",
  buildFixture,
  startFixture,
);
