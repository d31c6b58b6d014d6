/**
 * The getAccessToken checks the server-side integrations pass (Express, Fastify, Hono, a Next.js
 * route handler, a SvelteKit endpoint): their `getAccessToken` behind a route of a real server,
 * against a real OpenID Provider that rotates refresh tokens, with the tokens kept in the session
 * JWT. The app shares the configuration's secret and clock (an app in another process builds the
 * same configuration and is told when the clock moves). Most checks sign the user in through the
 * core at a fixed origin and hand the cookie to the app; one signs in through the app's own
 * routes, the provider's callback included, at that same public origin (the provider knows one
 * redirect URI per base path), named by the forwarded headers of the test's proxy.
 *
 * @module
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TestClient } from "./client";
import { ACCESS_TOKEN_CLIENT, accessTokenConfig, SESSION_COOKIE } from "./integration-fixture";
import type { IntegrationApp } from "./integration-suite";
import { startOpenIdProvider, type TestOpenIdProvider } from "./oidc";

/**
 * The framework's test app: `GET /token` answers `{ answer: getAccessToken(..., "idp") }` with
 * its cookies set on the response, an AuthError as `400 { error: type }`. It trusts the test's
 * loopback proxy (X-Forwarded-Host and X-Forwarded-Proto), as the integration suite's apps do.
 */
export interface AccessTokenApp extends IntegrationApp {
  /**
   * For an app in another process, which cannot share the suite's clock: sets its clock to the
   * real time plus `offsetMs`, as the suite's own clock now is.
   */
  setClockOffset?(offsetMs: number): Promise<void>;
}

/** Starts the framework's test app for a configuration (see {@link AccessTokenApp}). */
export type StartAccessTokenApp = (config: AuthConfig) => Promise<AccessTokenApp>;

const SIGN_IN_ORIGIN = "http://localhost:3000";
/** Short, so moving the app's clock past it keeps ID tokens (an hour) valid on both clocks. */
const ACCESS_TOKEN_TTL = 90;

interface TokenAnswer {
  answer: { accessToken: string; tokenType: string } | null;
}

/** Signs alice in through the core at the provider's registered origin; answers the session cookie. */
async function signInWithProvider(config: AuthConfig, idp: TestOpenIdProvider): Promise<string> {
  const client = new TestClient((request) => Auth(request, config), SIGN_IN_ORIGIN, config.now);
  const csrfToken = await client.csrfToken();
  const started = await client.post("/auth/signin/idp", { form: { csrfToken, callbackUrl: "/" } });
  idp.nextLogin({ sub: "alice" });
  const outcome = await idp.authorize(started.headers.get("location")!);
  if (outcome.kind !== "redirect") throw new Error("expected a redirect back from the provider");
  await client.get(outcome.url);
  const cookie = client.jar.get(SESSION_COOKIE);
  if (!cookie) throw new Error("the sign-in set no session cookie");
  return cookie;
}

/** A rotating OpenID Provider, a configuration keeping its tokens in the session JWT, and a clock. */
export interface AccessTokenFixture {
  idp: TestOpenIdProvider;
  /** Secret, provider `idp` with `keepTokensInJwt`, the movable clock; no adapter. */
  config: AuthConfig;
  /** Moves the configuration's clock to where the current access token is due for a refresh. */
  nearExpiry(): void;
  /** How far the configuration's clock is ahead of the real time, in ms. */
  offsetMs(): number;
  /** Signs alice in with the provider; answers the value of her session cookie. */
  signIn(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Starts the provider and builds the configuration every framework's getAccessToken test uses.
 *
 * @param appBasePath Where the app serves the auth routes, when not at `/auth`: the provider then
 * also knows that callback.
 * @returns The fixture; stop it after the tests.
 * @example
 * ```ts
 * const fixture = await accessTokenFixture()
 * const cookie = await fixture.signIn()
 * await fixture.stop()
 * ```
 */
export async function accessTokenFixture(appBasePath = "/auth"): Promise<AccessTokenFixture> {
  const callbacks = new Set(["/auth", appBasePath].map((base) => `${SIGN_IN_ORIGIN}${base}/callback/idp`));
  const idp = await startOpenIdProvider({
    clients: [
      {
        ...ACCESS_TOKEN_CLIENT,
        redirect_uris: [...callbacks],
        grant_types: ["authorization_code", "refresh_token"],
      },
    ],
    refreshTokens: { rotate: true, accessTokenTtl: ACCESS_TOKEN_TTL },
  });
  let offset = 0;
  const config = accessTokenConfig(idp.issuer, () => Date.now() + offset);
  return {
    idp,
    config,
    // Within the 60 s refresh margin, and close enough to the provider's clock for its ID tokens.
    nearExpiry: () => {
      offset += (ACCESS_TOKEN_TTL - 45) * 1000;
    },
    offsetMs: () => offset,
    signIn: () => signInWithProvider(config, idp),
    stop: () => idp.stop(),
  };
}

/**
 * Registers the suite.
 *
 * @param framework The framework's name, for the test titles.
 * @param start Starts the app (see {@link StartAccessTokenApp}).
 * @param basePath Where the app serves the configuration's auth routes; default `/auth`.
 * @example
 * ```ts
 * runAccessTokenSuite("Express", async (config) => listen(withTokenRoute(config)))
 * ```
 */
export function runAccessTokenSuite(framework: string, start: StartAccessTokenApp, basePath = "/auth"): void {
  describe(`${framework}: getAccessToken`, () => {
    let fixture: AccessTokenFixture;
    let app: AccessTokenApp;
    beforeAll(async () => {
      fixture = await accessTokenFixture(basePath);
      app = await start(fixture.config);
    });
    afterAll(async () => {
      await app?.close();
      await fixture?.stop();
    });

    async function signedIn(): Promise<TestClient> {
      const client = app.client();
      client.jar.set(SESSION_COOKIE, await fixture.signIn());
      return client;
    }

    it("answers null when signed out", async () => {
      expect(await (await app.client().get("/token")).json()).toEqual({ answer: null });
    });

    it("signs in through the app's own routes, the provider's callback included, and answers that sign-in's token", async () => {
      const behindProxy = {
        headers: { "x-forwarded-host": new URL(SIGN_IN_ORIGIN).host, "x-forwarded-proto": "http" },
      };
      const client = app.client();
      const csrfToken = await client.csrfToken(basePath);
      const started = await client.post(`${basePath}/signin/idp`, {
        form: { csrfToken, callbackUrl: "/" },
        ...behindProxy,
      });
      expect(started.status).toBe(302);
      fixture.idp.nextLogin({ sub: "alice" });
      const outcome = await fixture.idp.authorize(started.headers.get("location")!);
      if (outcome.kind !== "redirect") throw new Error("expected a redirect back from the provider");
      const callback = new URL(outcome.url);
      expect(`${callback.origin}${callback.pathname}`).toBe(`${SIGN_IN_ORIGIN}${basePath}/callback/idp`);
      const landed = await client.get(`${callback.pathname}${callback.search}`, behindProxy);
      expect(landed.status).toBe(302);
      expect(landed.headers.get("location")).toBe(`${SIGN_IN_ORIGIN}/`);
      expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();
      const answer = ((await (await client.get("/token", behindProxy)).json()) as TokenAnswer).answer;
      expect(answer).toMatchObject({ accessToken: expect.stringMatching(/\S/), tokenType: "bearer" });
    });

    it("refreshes a token near expiry and sets the re-issued session cookie on the response", async () => {
      const client = await signedIn();
      const first = ((await (await client.get("/token")).json()) as TokenAnswer).answer!;
      expect(first).toMatchObject({ accessToken: expect.any(String), tokenType: "bearer" });
      fixture.nearExpiry();
      await app.setClockOffset?.(fixture.offsetMs());
      const { idp } = fixture;
      const grants = idp.grantCount("refresh_token");
      const response = await client.get("/token");
      const refreshed = ((await response.json()) as TokenAnswer).answer!;
      expect(refreshed.accessToken).not.toBe(first.accessToken);
      expect(idp.grantCount("refresh_token")).toBe(grants + 1);
      expect(response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
      // The browser now holds the new tokens: the next request needs no refresh.
      const again = ((await (await client.get("/token")).json()) as TokenAnswer).answer!;
      expect(again.accessToken).toBe(refreshed.accessToken);
      expect(idp.grantCount("refresh_token")).toBe(grants + 1);
    });

    it("answers an unknown provider with an AuthError, not a crash", async () => {
      const client = await signedIn();
      const response = await client.get("/token?provider=nope");
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: "InvalidRequest" });
    });
  });
}
