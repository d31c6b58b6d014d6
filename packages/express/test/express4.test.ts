/**
 * Express 4, which most Express apps still run, and the wildcard mounts Auth.js's docs show
 * (`"/auth/*"` on Express 4, `"/auth/*splat"` on Express 5): the whole integration suite on a
 * real Express 4 server, and the port kept in URLs behind a trusted proxy.
 */
import { integrationConfig, runIntegrationTests } from "@portcullis/testkit";
import express4 from "express4";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type ExpressModule, listen } from "./helpers";

const Express4 = express4 as unknown as ExpressModule;

runIntegrationTests({
  name: "ExpressAuth on Express 4 mounted at /auth/* as Auth.js documents it",
  start: (config, { broken }) =>
    listen(buildApp(config, { express: Express4, mount: "/auth/*", trustProxy: true, brokenConfig: broken })),
});

runIntegrationTests({
  name: "ExpressAuth on Express 5 mounted at /auth/*splat",
  start: (config, { broken }) =>
    listen(buildApp(config, { mount: "/auth/*splat", trustProxy: true, brokenConfig: broken })),
});

describe("Express 4 behind a trusted proxy on a non-default port", () => {
  let app: Awaited<ReturnType<typeof listen>>;
  beforeAll(async () => {
    app = await listen(buildApp(integrationConfig(), { express: Express4, trustProxy: true, parsers: true }));
  });
  afterAll(() => app.close());

  it("keeps the forwarded port in the URLs it answers", async () => {
    const response = await app.client().get("/auth/providers", {
      headers: { "x-forwarded-host": "app.example:8443", "x-forwarded-proto": "https" },
    });
    expect(await response.json()).toMatchObject({
      credentials: { signinUrl: "https://app.example:8443/auth/signin/credentials" },
    });
  });

  it("signs in with a form Express 4 already parsed", async () => {
    const client = app.client();
    const csrfToken = await client.csrfToken();
    const response = await client.post("/auth/callback/credentials", {
      form: { csrfToken, username: "alice", password: "wonderland" },
    });
    expect(response.status).toBe(302);
    expect(client.jar.get("authjs.session-token")).toBeTruthy();
  });
});
