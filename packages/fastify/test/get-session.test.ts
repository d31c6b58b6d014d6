import { type IntegrationApp, integrationConfig, rawGet } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, listen } from "./helpers";

describe("getSession on a route protected in Fastify", () => {
  let app: IntegrationApp;
  beforeAll(async () => {
    app = await listen(await buildApp(integrationConfig()));
  });
  afterAll(() => app.close());

  // Fastify hands such a Host on as request.host; getSession must answer null, not fail building a URL.
  it("answers null for a Host header that is not a plain host and port", async () => {
    expect(await rawGet(app.origin, "/me", "a b")).toBe(401);
  });
});
