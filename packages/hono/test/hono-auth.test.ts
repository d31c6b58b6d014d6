import { parseSetCookie } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, config, listen, type RunningApp, SESSION_COOKIE, signIn } from "./helpers";

describe("HonoAuth on /auth/*", () => {
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

  it("a form sign-in redirects to the callback URL and sets the session cookie", async () => {
    const client = app.client();
    const response = await signIn(client);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${app.origin}/dashboard`);
    expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();
  });

  it("a JSON sign-in body signs in too", async () => {
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

  it("leaves X-Forwarded-Host and X-Forwarded-Proto to the core, which honours them under trustHost", async () => {
    const response = await app.client().get("/auth/providers", {
      headers: { "X-Forwarded-Host": "app.example.com", "X-Forwarded-Proto": "https" },
    });
    const body = (await response.json()) as { credentials: { signinUrl: string } };
    expect(body.credentials.signinUrl).toBe("https://app.example.com/auth/signin/credentials");
  });

  it("behind https, signs in with the __Secure- session cookie and getSession reads it back", async () => {
    const client = app.client();
    const headers = { "X-Forwarded-Proto": "https" };
    expect((await client.get("/me", { headers })).status).toBe(401);
    expect((await signIn(client, { headers })).status).toBe(302);
    expect(client.jar.get(`__Secure-${SESSION_COOKIE}`)).toBeTruthy();
    const response = await client.get("/me", { headers });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: { name: string } }).user.name).toBe("Alice");
  });

  it("answers an unknown action with 400", async () => {
    const response = await app.client().get("/auth/nope");
    expect(response.status).toBe(400);
    expect(await response.json()).toBe("Bad request.");
  });
});
