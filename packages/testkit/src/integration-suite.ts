/**
 * The conformance suite every framework integration (Express, Hono, Fastify...) runs under vitest:
 * the cases whose outcome must not depend on the framework.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { parseSetCookie, type TestClient } from "./client";
import { databaseSessionSetup } from "./database-session-read";
import {
  ALICE,
  credentialsUrls,
  integrationConfig,
  rawGet,
  SESSION_COOKIE,
  signInAsAlice,
} from "./integration-fixture";

export {
  ALICE,
  credentialsUrls,
  integrationConfig,
  rawGet,
  SESSION_COOKIE,
  type SignInOptions,
  signInAsAlice,
} from "./integration-fixture";

/** An app started by {@link IntegrationTestOptions.start}, listening on 127.0.0.1. */
export interface IntegrationApp {
  /** `http://127.0.0.1:<port>`, without a trailing slash. */
  origin: string;
  /** A fresh browser-like client of the app, with its own cookie jar, not following redirects. */
  client(): TestClient;
  /** Stops the server, dropping keep-alive connections. */
  close(): Promise<void>;
}

/** The protected routes' second configuration, handed to {@link IntegrationTestOptions.start}. */
export interface IntegrationRoutes {
  /** The configuration `/me-broken` reads the session with: one the core answers with a 500. */
  broken: AuthConfig;
}

/** Options of {@link runIntegrationTests}. There is deliberately no way to skip a case. */
export interface IntegrationTestOptions {
  /** Name of the `describe` block, e.g. `ExpressAuth`. */
  name: string;
  /**
   * Starts the framework's app on 127.0.0.1 with a port chosen at run time. The app must serve the
   * auth routes with `config` at `/auth`, answer `GET /me` with the session JSON read by the
   * integration's `getSession(request, config)` (401 without a session) and `GET /me-broken` the
   * same way with `routes.broken`, and trust X-Forwarded-Proto/Host sent from the loopback (the
   * framework's own proxy setting, where it has one).
   */
  start(config: AuthConfig, routes: IntegrationRoutes): Promise<IntegrationApp>;
  /**
   * Set when `start` runs a prebuilt app with its own configuration, whatever `config` says: the
   * cases that need a configuration of their own are then skipped, saying why, and the package
   * tests them in process.
   */
  fixedConfiguration?: boolean;
  /** Not supported: every case runs for every integration. */
  skipTests?: never;
}

/** What every group of cases receives. */
interface SuiteContext {
  /** The running app (only inside a test). */
  app(): IntegrationApp;
  /** Errors logged by the app's configuration. */
  logged: Error[];
  /** Warning codes logged by the app's configuration. */
  warned: string[];
  /** Errors logged by the broken configuration. */
  brokenLogged: Error[];
  broken: AuthConfig;
  /** Starts another app of the integration with a configuration of its own; undefined for a prebuilt fixture app. */
  start?: IntegrationTestOptions["start"];
}

/**
 * Registers the integration conformance suite as a vitest `describe` block: the auth routes under
 * `/auth` (CSRF, providers, sign-in page, a path no action takes, a bad Host), a credentials sign-in by
 * form and by JSON, X-Auth-Return-Redirect, separate Set-Cookie headers, sign-out, https behind a
 * trusted proxy, and a route protected with `getSession` (401 / 200 / 401, a tampered cookie, a
 * configuration the core answers with a 500). Call it at the top level of a test file.
 *
 * @param options The suite's name and how to start the framework's app for a configuration.
 * @throws Never at registration; a failing `start` fails every case.
 * @example
 * ```ts
 * runIntegrationTests({
 *   name: "ExpressAuth",
 *   start: (config, { broken }) => listen(buildApp(config, { trustProxy: true, brokenConfig: broken })),
 * })
 * ```
 */
export function runIntegrationTests(options: IntegrationTestOptions): void {
  describe(options.name, () => {
    const logged: Error[] = [];
    const warned: string[] = [];
    const brokenLogged: Error[] = [];
    // trustHost false with no AUTH_URL is a configuration error: the core answers every request 500.
    const broken = integrationConfig({ trustHost: false, logger: { error: (e) => brokenLogged.push(e) } });
    let running: IntegrationApp | undefined;
    beforeAll(async () => {
      const logger = {
        error: (e: Error) => void logged.push(e),
        warn: (code: string) => void warned.push(code),
      };
      running = await options.start(integrationConfig({ logger }), { broken });
    });
    afterAll(() => running?.close());
    afterEach(() => {
      vi.unstubAllEnvs();
    });
    const app = (): IntegrationApp => {
      if (!running) throw new Error(`${options.name}: the app did not start`);
      return running;
    };
    const context: SuiteContext = { app, logged, warned, brokenLogged, broken };
    if (!options.fixedConfiguration) context.start = options.start;
    authRouteCases(context);
    signInCases(context);
    proxyCases(context);
    protectedRouteCases(context);
  });
}

function authRouteCases({ app }: SuiteContext): void {
  it("GET /auth/csrf answers a token and sets the CSRF cookie", async () => {
    const client = app().client();
    const response = await client.get("/auth/csrf");
    expect(response.status).toBe(200);
    const { csrfToken } = (await response.json()) as { csrfToken: string };
    expect(csrfToken).toMatch(/^[0-9a-f]{64}$/);
    expect(client.jar.get("authjs.csrf-token")).toMatch(new RegExp(`^${csrfToken}(%7C|\\|)`));
  });

  it("GET /auth/providers lists credentials with URLs under the mount path at the server's origin", async () => {
    const { origin } = app();
    const response = await app().client().get("/auth/providers");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      credentials: {
        id: "credentials",
        name: "Credentials",
        type: "credentials",
        signinUrl: `${origin}/auth/signin/credentials`,
        callbackUrl: `${origin}/auth/callback/credentials`,
      },
    });
  });

  it("GET /auth/signin answers the HTML sign-in page with the credentials form", async () => {
    const response = await app().client().get("/auth/signin");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const page = await response.text();
    expect(page).toContain(`action="${app().origin}/auth/callback/credentials"`);
    expect(page).toContain('name="password"');
  });

  it("several cookies of one answer arrive as separate Set-Cookie headers", async () => {
    const response = await app().client().get("/auth/signin");
    const cookies = response.headers.getSetCookie().map(parseSetCookie);
    expect(cookies.map((c) => c.name).sort()).toEqual(["authjs.callback-url", "authjs.csrf-token"]);
    for (const cookie of cookies) expect(cookie.attributes.path).toBe("/");
  });

  // A path under an action: SvelteKit's hook, as @auth/sveltekit's, leaves `/auth/<not an action>` to the app.
  it("answers a path no action takes with 400", async () => {
    const response = await app().client().get("/auth/session/nope");
    expect(response.status).toBe(400);
    expect(await response.json()).toBe("Bad request.");
  });

  it("answers 400 to a Host header that is not a plain host and port", async () => {
    const { origin } = app();
    expect(await rawGet(origin, "/auth/csrf", "a b")).toBe(400);
    expect(await rawGet(origin, "/auth/csrf", "[::1")).toBe(400);
    expect(await rawGet(origin, "/auth/csrf", new URL(origin).host)).toBe(200);
  });
}

function signInCases({ app, warned }: SuiteContext): void {
  it("a form sign-in redirects to the callback URL and sets the session cookie", async () => {
    const client = app().client();
    const response = await signInAsAlice(client);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`${app().origin}/dashboard`);
    expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();
  });

  it("a JSON sign-in body signs in too", async () => {
    const client = app().client();
    expect((await signInAsAlice(client, { json: true })).status).toBe(302);
    expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();
  });

  it("a wrong password redirects to the sign-in page with error=CredentialsSignin and no session", async () => {
    const client = app().client();
    const csrfToken = await client.csrfToken();
    const response = await client.post("/auth/callback/credentials", {
      form: { csrfToken, username: "alice", password: "nope" },
    });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get("location") ?? "");
    expect(location.searchParams.get("error")).toBe("CredentialsSignin");
    expect(client.jar.get(SESSION_COOKIE)).toBeUndefined();
    // The visitor's doing: a warning, not an error.
    expect(warned).toContain("credentials-signin-failed");
  });

  it("GET /auth/session shows the signed-in user", async () => {
    const client = app().client();
    await signInAsAlice(client);
    const session = (await client.session()) as { user: unknown; expires: string };
    expect(session.user).toEqual(ALICE);
    expect(Date.parse(session.expires)).toBeGreaterThan(Date.now());
  });

  it("X-Auth-Return-Redirect turns the sign-in redirect into 200 JSON {url} and still sets the session", async () => {
    const client = app().client();
    const response = await signInAsAlice(client, { headers: { "X-Auth-Return-Redirect": "1" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ url: `${app().origin}/dashboard` });
    expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();
  });

  it("sign-out clears the session cookie", async () => {
    const client = app().client();
    await signInAsAlice(client);
    const response = await client.post("/auth/signout", { form: { csrfToken: await client.csrfToken() } });
    expect(response.status).toBe(302);
    const cookies = response.headers.getSetCookie().map(parseSetCookie);
    expect(cookies.find((c) => c.name === SESSION_COOKIE)?.value).toBe("");
    expect(client.jar.get(SESSION_COOKIE)).toBeUndefined();
    expect(await client.session()).toBeNull();
  });
}

function proxyCases({ app }: SuiteContext): void {
  it("honours X-Forwarded-Host and X-Forwarded-Proto from a trusted proxy", async () => {
    const headers = { "X-Forwarded-Host": "app.example.com", "X-Forwarded-Proto": "https" };
    const { signinUrl } = await credentialsUrls(app().client(), "/auth", headers);
    expect(signinUrl).toBe("https://app.example.com/auth/signin/credentials");
  });

  // The core ignores such a scheme when it reads the header itself; an integration whose framework
  // reads it must too: no origin "null", no links on ws://, no 500.
  it.each(["javascript", "ws", "foo"])(
    "ignores a forwarded protocol %j that is neither http nor https, and signs in on the request's own",
    async (proto) => {
      const headers = { "X-Forwarded-Proto": proto };
      const { signinUrl } = await credentialsUrls(app().client(), "/auth", headers);
      expect(signinUrl).toBe(`${app().origin}/auth/signin/credentials`);
      // As JSON: SvelteKit itself refuses a form POST (403) to a URL it built on such a scheme.
      const response = await signInAsAlice(app().client(), { headers, json: true });
      expect({ status: response.status, location: response.headers.get("location") }).toEqual({
        status: 302,
        location: `${app().origin}/dashboard`,
      });
    },
  );

  it.each(["a:99999", "1.2.3.4.5", "[::::]", "evil.example/x"])(
    "answers a forwarded host %j that is no host with a 4xx, never a 5xx",
    async (host) => {
      for (const path of ["/auth/providers", "/auth/signin", "/auth/session"]) {
        const response = await app()
          .client()
          .get(path, { headers: { "X-Forwarded-Host": host } });
        expect([path, response.status >= 400 && response.status < 500]).toEqual([path, true]);
      }
    },
  );

  it("behind https, signs in with the __Secure- session cookie and getSession reads it back", async () => {
    const client = app().client();
    const headers = { "X-Forwarded-Proto": "https" };
    expect((await client.get("/me", { headers })).status).toBe(401);
    expect((await signInAsAlice(client, { headers })).status).toBe(302);
    expect(client.jar.get(`__Secure-${SESSION_COOKIE}`)).toBeTruthy();
    const response = await client.get("/me", { headers });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: unknown }).user).toEqual(ALICE);
  });
}

function protectedRouteCases({ app, brokenLogged, broken, start }: SuiteContext): void {
  it("getSession sets no cookie, so it does not extend a database session either", async (context) => {
    if (!start)
      return context.skip(
        "a prebuilt fixture app runs its own configuration, not this database one; the package tests its session read in process",
      );
    const db = await databaseSessionSetup();
    const running = await start(db.config, { broken });
    try {
      const client = running.client();
      await signInAsAlice(client);
      const token = client.jar.get(SESSION_COOKIE)!;
      const signedIn = await db.expires(token);
      expect(signedIn).toBeGreaterThan(db.now());
      db.advance(120_000);
      expect((await client.get("/me")).status).toBe(200);
      expect(await db.expires(token)).toBe(signedIn);
    } finally {
      await running.close();
    }
  });

  it("a route protected with getSession answers 401 before sign-in and the session's user after", async () => {
    const client = app().client();
    expect((await client.get("/me")).status).toBe(401);
    await signInAsAlice(client);
    const response = await client.get("/me");
    expect(response.status).toBe(200);
    expect(((await response.json()) as { user: unknown }).user).toEqual(ALICE);
  });

  it("the protected route answers 401 again after sign-out", async () => {
    const client = app().client();
    await signInAsAlice(client);
    await client.post("/auth/signout", { form: { csrfToken: await client.csrfToken() } });
    expect((await client.get("/me")).status).toBe(401);
  });

  it("the protected route answers 401 to a tampered session cookie", async () => {
    const client = app().client();
    await signInAsAlice(client);
    const token = client.jar.get(SESSION_COOKIE) ?? "";
    client.jar.set(SESSION_COOKIE, `${token.slice(0, -4)}AAAA`);
    expect((await client.get("/me")).status).toBe(401);
  });

  it("getSession answers null, never the error body, when the core answers 500", async () => {
    vi.stubEnv("AUTH_URL", "");
    vi.stubEnv("NEXTAUTH_URL", "");
    const client = app().client();
    await signInAsAlice(client);
    const cookie = client.jar.header() ?? "";
    const direct = await Auth(new Request(`${app().origin}/auth/session`, { headers: { cookie } }), broken);
    expect(direct.status).toBe(500);
    expect(await direct.json()).toHaveProperty("message");
    expect((await client.get("/me-broken")).status).toBe(401);
    expect(brokenLogged.some((error) => error.message.includes("not trusted"))).toBe(true);
  });
}
