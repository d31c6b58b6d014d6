import { HonoAuth } from "@portcullis/hono";
import { credentialsUrls, integrationConfig, SESSION_COOKIE, signInAsAlice } from "@portcullis/testkit";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { listen } from "./helpers";

// What the shared suite (integration-suite.test.ts) cannot cover: Hono has no mount path to take
// basePath from, so a route other than /auth/* needs the config's basePath.
describe("HonoAuth with a function config setting basePath /api/auth", () => {
  it("resolves the config per request and serves the routes under its basePath", async () => {
    const lazy = new Hono();
    lazy.on(
      ["GET", "POST"],
      "/api/auth/*",
      HonoAuth(async () => integrationConfig({ basePath: "/api/auth" })),
    );
    const running = await listen(lazy);
    try {
      const client = running.client();
      const { signinUrl } = await credentialsUrls(client, "/api/auth");
      expect(signinUrl).toBe(`${running.origin}/api/auth/signin/credentials`);
      expect((await signInAsAlice(client, { basePath: "/api/auth" })).status).toBe(302);
      expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();
    } finally {
      await running.close();
    }
  });
});
