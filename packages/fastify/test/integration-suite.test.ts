import { runIntegrationTests } from "@portcullis/testkit";
import { buildApp, listen } from "./helpers";

runIntegrationTests({
  name: "FastifyAuth and getSession in a Fastify app with trustProxy",
  start: async (config, { broken }) =>
    listen(await buildApp(config, { trustProxy: true, brokenConfig: broken })),
});
