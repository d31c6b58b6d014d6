/** getSession(request, config): the session for server code, failing closed. */
import { getSession } from "@portcullis/core";
import { expectReadNotToExtend } from "@portcullis/testkit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { client, config, signIn } from "./helpers";

afterEach(() => vi.unstubAllEnvs());

function appRequest(cookie?: string): Request {
  return new Request("http://localhost:3000/dashboard", { headers: cookie ? { cookie } : {} });
}

describe("getSession", () => {
  it("answers the session of a signed-in request on any path of the app", async () => {
    const cfg = config();
    const c = client(cfg);
    await signIn(c);
    expect(await getSession(appRequest(c.jar.header()), cfg)).toMatchObject({ user: { name: "Alice" } });
  });

  it("sets no cookie, so it does not extend a database session either", () =>
    expectReadNotToExtend(getSession));

  it("answers null without a session cookie, and for a tampered one", async () => {
    const cfg = config();
    expect(await getSession(appRequest(), cfg)).toBeNull();
    expect(await getSession(appRequest("authjs.session-token=eyJhbGciOi.x.y.z.w"), cfg)).toBeNull();
  });

  it("answers null, not the error body, when the configuration is broken", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const broken = { trustHost: true, providers: [], logger: { error: () => {} } };
    expect(await getSession(appRequest("authjs.session-token=x"), broken)).toBeNull();
  });

  it("uses the basePath of the configuration and accepts a config function", async () => {
    const cfg = config({ basePath: "/api/auth" });
    const c = client(cfg);
    const csrfToken = await c.csrfToken("/api/auth");
    await c.post("/api/auth/callback/credentials", {
      form: { csrfToken, username: "alice", password: "wonderland" },
    });
    expect(await getSession(appRequest(c.jar.header()), () => cfg)).toMatchObject({
      user: { name: "Alice" },
    });
  });

  it("answers null when the config function throws", async () => {
    const session = await getSession(appRequest(), () => {
      throw new Error("config store down");
    });
    expect(session).toBeNull();
  });
});
