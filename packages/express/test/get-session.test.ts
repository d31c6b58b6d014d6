import { Auth, type AuthConfig } from "@portcullis/core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildApp, config, listen, type RunningApp, rawGet, SESSION_COOKIE, signIn } from "./helpers";

describe("getSession on a route protected in Express", () => {
  const logged: Error[] = [];
  // trustHost false with no AUTH_URL is a configuration error: the core answers every request 500.
  const broken: AuthConfig = config({ trustHost: false, logger: { error: (error) => logged.push(error) } });
  let app: RunningApp;
  beforeAll(async () => {
    app = await listen(buildApp(config(), { brokenConfig: broken }));
  });
  afterAll(() => app.close());
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("answers 401 before sign-in and the session's user after", async () => {
    const client = app.client();
    expect((await client.get("/me")).status).toBe(401);
    await signIn(client);
    const response = await client.get("/me");
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: unknown }).user).toEqual({
      name: "Alice",
      email: "alice@example.com",
    });
  });

  it("answers 401 again after sign-out", async () => {
    const client = app.client();
    await signIn(client);
    const csrfToken = await client.csrfToken();
    await client.post("/auth/signout", { form: { csrfToken } });
    expect((await client.get("/me")).status).toBe(401);
  });

  it("answers null for a tampered session cookie", async () => {
    const client = app.client();
    await signIn(client);
    const token = client.jar.get(SESSION_COOKIE) ?? "";
    client.jar.set(SESSION_COOKIE, `${token.slice(0, -4)}AAAA`);
    expect((await client.get("/me")).status).toBe(401);
  });

  it("answers null for a Host header that is not a plain host and port", async () => {
    expect(await rawGet(app.origin, "/me", "a b")).toBe(401);
  });

  it("answers null, never the error body, when the core answers 500", async () => {
    vi.stubEnv("AUTH_URL", "");
    vi.stubEnv("NEXTAUTH_URL", "");
    const client = app.client();
    await signIn(client);
    const cookie = client.jar.header() ?? "";
    const direct = await Auth(new Request(`${app.origin}/auth/session`, { headers: { cookie } }), broken);
    expect(direct.status).toBe(500);
    expect(await direct.json()).toHaveProperty("message");
    const response = await client.get("/me-broken");
    expect(response.status).toBe(401);
    expect(logged.some((error) => error.message.includes("not trusted"))).toBe(true);
  });
});
