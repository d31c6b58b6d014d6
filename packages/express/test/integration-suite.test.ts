import { runIntegrationTests } from "@portcullis/testkit";
import { buildApp, listen } from "./helpers";

runIntegrationTests({
  name: "ExpressAuth and getSession in an Express app trusting the loopback proxy",
  start: (config, { broken }) => listen(buildApp(config, { trustProxy: true, brokenConfig: broken })),
});
