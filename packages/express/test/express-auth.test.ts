import { ExpressAuth } from "@portcullis/express";
import { parseSetCookie } from "@portcullis/testkit";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, config, listen, type RunningApp, rawGet, SESSION_COOKIE, signIn } from "./helpers";

describe("ExpressAuth without body parsers, mounted at /auth", () => {
  const logged: Error[] = [];
  let app: RunningApp;
  beforeAll(async () => {
    app = await listen(buildApp(config({ logger: { error: (error) => logged.push(error) } })));
  });
  afterAll(() => app.close());

  it("GET /auth/csrf answers a token and sets the CSRF cookie", async () => {
    const client = app.client();
    const response = await client.get("/auth/csrf");
    expect(response.status).toBe(200);
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
    expect(client.jar.get("authjs.csrf-token")).toMatch(new RegExp(`^${csrfToken}(%7C|\\|)`));
  });

  it("GET /auth/providers lists credentials with URLs under the mount path at the server's origin", async () => {
    const response = await app.client().get("/auth/providers");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      credentials: {
        id: "credentials",
        name: "Credentials",
        type: "credentials",
        signinUrl: `${app.origin}/auth/signin/credentials`,
        callbackUrl: `${app.origin}/auth/callback/credentials`,
      },
    });
  });

  it("GET /auth/signin answers the HTML sign-in page with the credentials form", async () => {
    const response = await app.client().get("/auth/signin");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).toContain(`action="${app.origin}/auth/callback/credentials"`);
    expect(page).toContain('name="password"');
  });

  it("a form sign-in streamed to the core redirects to the callback URL and sets the session cookie", async () => {
    const client = app.client();
    const response = await signIn(client);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${app.origin}/dashboard`);
    expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();
  });

  it("a JSON sign-in body streamed to the core signs in too", async () => {
    const client = app.client();
    expect((await signIn(client, { json: true })).status).toBe(302);
    expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();
  });

  it("a wrong password redirects to the sign-in page with error=CredentialsSignin and no session", async () => {
    const client = app.client();
    const csrfToken = await client.csrfToken();
    const response = await client.post("/auth/callback/credentials", {
      form: { csrfToken, username: "alice", password: "nope" },
    });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("location") ?? "").searchParams.get("error")).toBe(
      "CredentialsSignin",
    );
    expect(client.jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(logged.map((error) => error.name)).toContain("CredentialsSignin");
  });

  it("GET /auth/session shows the signed-in user", async () => {
    const client = app.client();
    await signIn(client);
    const session = (await client.session()) as { user: unknown; expires: string };
    expect(session.user).toEqual({ name: "Alice", email: "alice@example.com" });
    expect(Date.parse(session.expires)).toBeGreaterThan(Date.now());
  });

  it("X-Auth-Return-Redirect turns the sign-in redirect into 200 JSON {url} and still sets the session", async () => {
    const client = app.client();
    const response = await signIn(client, { headers: { "X-Auth-Return-Redirect": "1" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: `${app.origin}/dashboard` });
    expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();
  });

  it("several cookies of one answer arrive as separate Set-Cookie headers", async () => {
    const response = await app.client().get("/auth/signin");
    const cookies = response.headers.getSetCookie().map(parseSetCookie);
    expect(cookies.map((c) => c.name).sort()).toEqual(["authjs.callback-url", "authjs.csrf-token"]);
    for (const cookie of cookies) expect(cookie.attributes.path).toBe("/");
  });

  it("sign-out clears the session cookie", async () => {
    const client = app.client();
    await signIn(client);
    const csrfToken = await client.csrfToken();
    const response = await client.post("/auth/signout", { form: { csrfToken } });
    expect(response.status).toBe(302);
    const cleared = response.headers
      .getSetCookie()
      .map(parseSetCookie)
      .find((c) => c.name === SESSION_COOKIE);
    expect(cleared?.value).toBe("");
    expect(client.jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(await client.session()).toBeNull();
  });

  it("ignores X-Forwarded-Host and X-Forwarded-Proto while Express does not trust the proxy", async () => {
    const response = await app.client().get("/auth/providers", {
      headers: { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" },
    });
    const body = (await response.json()) as { credentials: { signinUrl: string } };
    expect(body.credentials.signinUrl).toBe(`${app.origin}/auth/signin/credentials`);
  });

  it("answers 400 to a Host header that is not a plain host and port", async () => {
    expect(await rawGet(app.origin, "/auth/csrf", "a b")).toBe(400);
    expect(await rawGet(app.origin, "/auth/csrf", "[::1")).toBe(400);
    expect(await rawGet(app.origin, "/auth/csrf", new URL(app.origin).host)).toBe(200);
  });

  it("answers an unknown action with 400", async () => {
    const response = await app.client().get("/auth/nope");
    expect(response.status).toBe(400);
    expect(await response.json()).toBe("Bad request.");
  });
});

describe("ExpressAuth after express.urlencoded() and express.json(), mounted at /api/auth", () => {
  const seenBodies: unknown[] = [];
  let app: RunningApp;
  beforeAll(async () => {
    app = await listen(
      buildApp(config(), { mount: "/api/auth", parsers: true, trustProxy: true, seenBodies }),
    );
  });
  afterAll(() => app.close());

  it("a form body Express already parsed still signs in", async () => {
    seenBodies.length = 0;
    const client = app.client();
    const response = await signIn(client, { basePath: "/api/auth" });
    expect(seenBodies).toEqual([expect.objectContaining({ username: "alice", password: "wonderland" })]);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${app.origin}/dashboard`);
    expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();
  });

  it("a JSON body Express already parsed still signs in", async () => {
    seenBodies.length = 0;
    const client = app.client();
    const response = await signIn(client, { basePath: "/api/auth", json: true });
    expect(seenBodies).toEqual([expect.objectContaining({ username: "alice" })]);
    expect(response.status).toBe(302);
    const session = (await client.session("/api/auth")) as { user: { name: string } };
    expect(session.user.name).toBe("Alice");
  });

  it("takes basePath from the mount path when the config sets none", async () => {
    const body = (await (await app.client().get("/api/auth/providers")).json()) as {
      credentials: { callbackUrl: string };
    };
    expect(body.credentials.callbackUrl).toBe(`${app.origin}/api/auth/callback/credentials`);
  });

  it("behind https, signs in with the __Secure- session cookie and getSession reads it back", async () => {
    const client = app.client();
    const headers = { "X-Forwarded-Proto": "https" };
    expect((await client.get("/me", { headers })).status).toBe(401);
    expect((await signIn(client, { basePath: "/api/auth", headers })).status).toBe(302);
    expect(client.jar.get(`__Secure-${SESSION_COOKIE}`)).toBeTruthy();
    const response = await client.get("/me", { headers });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: { name: string } }).user.name).toBe("Alice");
  });

  it("honours X-Forwarded-Host and X-Forwarded-Proto when Express trusts the proxy", async () => {
    const response = await app.client().get("/api/auth/providers", {
      headers: { "X-Forwarded-Host": "app.example.com", "X-Forwarded-Proto": "https" },
    });
    const body = (await response.json()) as { credentials: { signinUrl: string } };
    expect(body.credentials.signinUrl).toBe("https://app.example.com/api/auth/signin/credentials");
  });
});

describe("ExpressAuth with a function config", () => {
  it("resolves the config per request and takes basePath from the mount path", async () => {
    const lazy = express();
    lazy.use(
      "/lazy",
      ExpressAuth(async () => config()),
    );
    const running = await listen(lazy);
    try {
      const response = await running.client().get("/lazy/providers");
      const body = (await response.json()) as { credentials: { signinUrl: string } };
      expect(body.credentials.signinUrl).toBe(`${running.origin}/lazy/signin/credentials`);
    } finally {
      await running.close();
    }
  });
});
