import type { Session } from "@portcullis/core";
import { ExpressAuth, type GetSessionResult, getSession } from "@portcullis/express";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { type IntegrationApp, integrationConfig, rawGet, signInAsAlice } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from "vitest";
import { buildApp, listen } from "./helpers";

describe("getSession on a route protected in Express", () => {
  let app: IntegrationApp;
  beforeAll(async () => {
    app = await listen(buildApp(integrationConfig()));
  });
  afterAll(() => app.close());

  // Express hands such a Host on as req.host; getSession must answer null, not fail building a URL.
  it("answers null for a Host header that is not a plain host and port", async () => {
    expect(await rawGet(app.origin, "/me", "a b")).toBe(401);
  });
});

describe("getSession's type", () => {
  it("is exported as GetSessionResult, as @auth/express names it", () => {
    expectTypeOf<GetSessionResult>().toEqualTypeOf<Promise<Session | null>>();
    expectTypeOf(getSession).returns.toEqualTypeOf<GetSessionResult>();
  });
});

describe("one configuration, one engine", () => {
  let app: IntegrationApp;
  const adapterFactory = vi.fn(() => MemoryAdapter());
  beforeAll(async () => {
    // Mounted twice and read by getSession: every use shares one normalisation and one adapter.
    const config = integrationConfig({ adapter: adapterFactory, session: { strategy: "jwt" } });
    const twice = buildApp(config);
    twice.use("/second/auth", ExpressAuth(config));
    app = await listen(twice);
  });
  afterAll(() => app.close());

  it("normalises a configuration once across mounts and getSession", async () => {
    const client = app.client();
    await signInAsAlice(client);
    expect((await client.get("/me")).status).toBe(200);
    expect((await client.get("/second/auth/csrf")).status).toBe(200);
    expect((await client.get("/auth/csrf")).status).toBe(200);
    expect(adapterFactory).toHaveBeenCalledTimes(1);
  });
});
