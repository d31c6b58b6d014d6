import { ExpressAuth } from "@portcullis/express";
import {
  credentialsUrls,
  type IntegrationApp,
  integrationConfig,
  rawGet,
  SESSION_COOKIE,
  signInAsAlice,
} from "@portcullis/testkit";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, listen } from "./helpers";

// What the shared suite (integration-suite.test.ts) cannot cover: body parsers, mount paths and
// Express's `trust proxy` left off.
describe("ExpressAuth after express.urlencoded() and express.json(), mounted at /api/auth", () => {
  const seenBodies: unknown[] = [];
  let app: IntegrationApp;
  beforeAll(async () => {
    app = await listen(buildApp(integrationConfig(), { mount: "/api/auth", parsers: true, seenBodies }));
  });
  afterAll(() => app.close());

  it("a form body Express already parsed still signs in", async () => {
    seenBodies.length = 0;
    const client = app.client();
    const response = await signInAsAlice(client, { basePath: "/api/auth" });
    expect(seenBodies).toEqual([expect.objectContaining({ username: "alice", password: "wonderland" })]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${app.origin}/dashboard`);
    expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();
  });

  it("a JSON body Express already parsed still signs in", async () => {
    seenBodies.length = 0;
    const client = app.client();
    const response = await signInAsAlice(client, { basePath: "/api/auth", json: true });
    expect(seenBodies).toEqual([expect.objectContaining({ username: "alice" })]);
    expect(response.status).toBe(302);
    const session = (await client.session("/api/auth")) as { user: { name: string } };
    expect(session.user.name).toBe("Alice");
  });

  it("takes basePath from the mount path when the config sets none", async () => {
    const { callbackUrl } = await credentialsUrls(app.client(), "/api/auth");
    expect(callbackUrl).toBe(`${app.origin}/api/auth/callback/credentials`);
  });

  it("answers an absolute-form request target with 400, not a 500", async () => {
    const host = new URL(app.origin).host;
    expect(await rawGet(app.origin, "http://evil.example/api/auth/csrf", host)).toBe(400);
  });

  it("ignores X-Forwarded-Host and X-Forwarded-Proto while Express does not trust the proxy", async () => {
    const headers = { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };
    const { signinUrl } = await credentialsUrls(app.client(), "/api/auth", headers);
    expect(signinUrl).toBe(`${app.origin}/api/auth/signin/credentials`);
  });
});

describe("ExpressAuth with a function config", () => {
  it("resolves the config per request and takes basePath from the mount path", async () => {
    const lazy = express();
    lazy.use(
      "/lazy",
      ExpressAuth(async () => integrationConfig()),
    );
    const running = await listen(lazy);
    try {
      const { signinUrl } = await credentialsUrls(running.client(), "/lazy");
      expect(signinUrl).toBe(`${running.origin}/lazy/signin/credentials`);
    } finally {
      await running.close();
    }
  });
});
