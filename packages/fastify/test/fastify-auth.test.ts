import { FastifyAuth } from "@portcullis/fastify";
import {
  credentialsUrls,
  type IntegrationApp,
  integrationConfig,
  rawGet,
  SESSION_COOKIE,
  signInAsAlice,
} from "@portcullis/testkit";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, listen } from "./helpers";

// What the shared suite (integration-suite.test.ts) cannot cover: the registration prefix, the
// plugin's encapsulated content-type parser and Fastify's trustProxy left off.
describe("FastifyAuth registered with prefix /api/auth", () => {
  let app: IntegrationApp;
  beforeAll(async () => {
    app = await listen(await buildApp(integrationConfig(), { prefix: "/api/auth" }));
  });
  afterAll(() => app.close());

  it("takes basePath from the prefix when the config sets none", async () => {
    const client = app.client();
    const { callbackUrl } = await credentialsUrls(client, "/api/auth");
    expect(callbackUrl).toBe(`${app.origin}/api/auth/callback/credentials`);
    expect((await signInAsAlice(client, { basePath: "/api/auth" })).status).toBe(302);
    expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();
  });

  it("leaves the app's own JSON parser in place outside the plugin", async () => {
    const response = await app.client().post("/echo", { json: { a: 1 } });
    expect(await response.json()).toEqual({ parsed: { a: 1 } });
  });

  it("answers an absolute-form request target with 400, not a 500", async () => {
    const host = new URL(app.origin).host;
    expect(await rawGet(app.origin, "http://evil.example/api/auth/csrf", host)).toBe(400);
  });

  it("ignores X-Forwarded-Host and X-Forwarded-Proto without trustProxy", async () => {
    const headers = { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };
    const { signinUrl } = await credentialsUrls(app.client(), "/api/auth", headers);
    expect(signinUrl).toBe(`${app.origin}/api/auth/signin/credentials`);
  });
});

describe("FastifyAuth with a function config", () => {
  it("resolves the config per request and takes basePath from the prefix", async () => {
    const lazy = Fastify();
    await lazy.register(
      FastifyAuth(async () => integrationConfig()),
      { prefix: "/lazy" },
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
