import { runIntegrationTests } from "@portcullis/testkit";
import { buildApp, listen } from "./helpers";

runIntegrationTests({
  name: "HonoAuth and getSession in a Hono app",
  // Hono hands the core its raw Request, so X-Forwarded-* reach the core, which honours them under
  // trustHost: there is no proxy setting to turn on.
  start: async (config, { broken }) => listen(buildApp(config, broken)),
});
