/** A plain OAuth 2 provider (no discovery, no ID token): explicit endpoints and a userinfo request. */

import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { OAuth2Config } from "@portcullis/core";
import OAuth from "@portcullis/core/providers/oauth";
import type { TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  BASIC,
  browser,
  location,
  oauthConfig,
  providerAnswer,
  sessionOf,
  signInThrough,
  startIdp,
  startSignIn,
} from "./helpers";

let idp: TestOpenIdProvider;
beforeAll(async () => {
  idp = await startIdp({ plainOAuth: true, ids: ["idp", "acme"] });
});
afterAll(() => idp.stop());
afterEach(() => {
  vi.unstubAllEnvs();
});

function plainProvider(overrides: Partial<OAuth2Config> = {}): OAuth2Config {
  return OAuth({
    id: "idp",
    name: "Plain OAuth",
    type: "oauth",
    authorization: { url: idp.endpoints.authorization, params: { scope: "email profile" } },
    token: idp.endpoints.token,
    userinfo: idp.endpoints.userinfo,
    clientId: BASIC.client_id,
    clientSecret: BASIC.client_secret,
    ...overrides,
  });
}

/**
 * A custom provider written as Auth.js documents it: a function returning the defaults with the
 * app's overrides under `options`, given to OAuth() as the codemod leaves it.
 */
function Corp(options: Partial<OAuth2Config>): OAuth2Config {
  return OAuth({
    id: "corp",
    name: "Corp",
    type: "oauth",
    authorization: { url: idp.endpoints.authorization, params: { scope: "email" } },
    token: idp.endpoints.token,
    userinfo: idp.endpoints.userinfo,
    options,
  });
}

describe("a custom provider's options, laid over its defaults as Auth.js lays them", () => {
  it("signs in with the client and id the options give, and their params merged into the defaults'", async () => {
    const provider = Corp({
      id: "idp",
      clientId: BASIC.client_id,
      clientSecret: BASIC.client_secret,
      authorization: { params: { prompt: "login" } },
    });
    const config = oauthConfig([provider]);
    const client = browser(config);
    const started = location(await startSignIn(client, "idp"));
    expect(started.searchParams.get("client_id")).toBe(BASIC.client_id);
    expect(started.searchParams.get("scope")).toBe("email");
    expect(started.searchParams.get("prompt")).toBe("login");
    const response = await client.get((await providerAnswer(idp, started, { sub: "bob" })).url);
    expect(location(response).pathname).toBe("/dashboard");
    expect((await sessionOf(client))?.user?.email).toBe("bob@example.test");
  });
});

describe("plain OAuth 2 provider", () => {
  it("asks for the configured scope only (no openid) and signs in with the userinfo response", async () => {
    const config = oauthConfig([plainProvider()]);
    const client = browser(config);
    const started = await startSignIn(client);
    expect(location(started).searchParams.get("scope")).toBe("email profile");
    const answer = await providerAnswer(idp, location(started), { sub: "bob" });
    const response = await client.get(answer.url);
    expect(location(response).pathname).toBe("/dashboard");
    expect(await sessionOf(client)).toMatchObject({
      user: { name: "Bob Example", email: "bob@example.test" },
    });
    expect(config.recorded.errors).toEqual([]);
  });

  it("keeps the default account fields, with no ID token and expires_at from expires_in", async () => {
    const config = oauthConfig([plainProvider()]);
    await signInThrough(browser(config), idp);
    const signIn = config.recorded.events.find((e) => e.name === "signIn");
    const account = signIn?.message.account as Record<string, unknown>;
    expect(Object.keys(account).sort()).toEqual(
      ["access_token", "expires_at", "provider", "providerAccountId", "scope", "token_type", "type"].sort(),
    );
    expect(account).toMatchObject({
      provider: "idp",
      type: "oauth",
      providerAccountId: "alice",
      token_type: "bearer",
    });
    expect(account.expires_at).toBeGreaterThan(Math.floor(Date.now() / 1000) + 3000);
  });

  it("replaces the built-in userinfo request with a custom one, given the tokens and the provider", async () => {
    const seen: Array<{ providerId: unknown; hasToken: boolean }> = [];
    const provider = plainProvider({
      userinfo: {
        url: idp.endpoints.userinfo,
        request: async ({ provider: p, tokens }) => {
          seen.push({ providerId: p.id, hasToken: typeof tokens.access_token === "string" });
          return { id: "7", login: "custom", email: "custom@example.test" };
        },
      },
      profile: (profile) => ({ id: String(profile.id), name: String(profile.login), email: profile.email }),
    });
    const client = browser(oauthConfig([provider]));
    await signInThrough(client, idp);
    expect(seen).toEqual([{ providerId: "idp", hasToken: true }]);
    expect((await sessionOf(client))?.user).toMatchObject({ name: "custom", email: "custom@example.test" });
  });

  it("replaces the built-in token request with a custom one, given the code, verifier and redirect URI", async () => {
    const seen: Array<Record<string, unknown>> = [];
    const provider = plainProvider({
      token: {
        url: idp.endpoints.token,
        request: async ({ provider: p, params, checks }) => {
          seen.push({
            callbackUrl: p.callbackUrl,
            tokenUrl: String(p.token?.url),
            hasVerifier: !!checks.code_verifier,
          });
          const body = new URLSearchParams({
            grant_type: "authorization_code",
            code: params.get("code") ?? "",
            redirect_uri: String(p.callbackUrl),
            code_verifier: checks.code_verifier ?? "",
          });
          const credentials = btoa(`${BASIC.client_id}:${BASIC.client_secret}`);
          const response = await fetch(String(p.token?.url), {
            method: "POST",
            body,
            headers: { authorization: `Basic ${credentials}` },
          });
          return response.json();
        },
      },
    });
    const client = browser(oauthConfig([provider]));
    expect(location(await signInThrough(client, idp)).pathname).toBe("/dashboard");
    expect(seen).toEqual([
      {
        callbackUrl: "http://localhost:3000/auth/callback/idp",
        tokenUrl: idp.endpoints.token,
        hasVerifier: true,
      },
    ]);
    expect((await sessionOf(client))?.user?.email).toBe("alice@example.test");
  });

  it("lets a conform hook rewrite the token response before it is processed", async () => {
    const provider = plainProvider({
      token: {
        url: idp.endpoints.token,
        conform: async (response) => {
          const body = (await response.json()) as Record<string, unknown>;
          return Response.json({ ...body, token_type: "Bearer", note: "conformed" });
        },
      },
      account: (tokens) => ({ access_token: tokens.access_token, note: tokens.note }) as never,
    });
    const config = oauthConfig([provider]);
    await signInThrough(browser(config), idp);
    const account = config.recorded.events.find((e) => e.name === "signIn")?.message.account;
    expect(account).toMatchObject({ note: "conformed", access_token: expect.any(String) });
  });

  it("fails at once when userinfo is refused after a conform hook left its copy of the answer unread", async () => {
    // The hook gets a clone, a tee of the body: waiting to cancel the other branch would hang
    // until the HTTP deadline, which is set past the test's own time-out here.
    const provider = plainProvider({
      userinfo: { url: `${idp.issuer}/no-such-userinfo`, conform: async () => undefined },
    });
    const config = oauthConfig([provider], { timeouts: { http: 60_000 } });
    const client = browser(config);
    const answer = await providerAnswer(idp, location(await startSignIn(client)), { sub: "bob" });
    const response = await client.get(answer.url);
    expect(location(response).pathname).toBe("/auth/error");
    expect(location(response).searchParams.get("error")).toBe("Configuration");
    expect(config.recorded.errors.map((error) => error.message).join()).toContain("404");
  });

  it("fills clientId and clientSecret from AUTH_{ID}_ID and AUTH_{ID}_SECRET", async () => {
    vi.stubEnv("AUTH_ACME_ID", BASIC.client_id);
    vi.stubEnv("AUTH_ACME_SECRET", BASIC.client_secret);
    const provider = plainProvider({ id: "acme", clientId: undefined, clientSecret: undefined });
    const client = browser(oauthConfig([provider]));
    const started = await startSignIn(client, "acme");
    expect(location(started).searchParams.get("client_id")).toBe(BASIC.client_id);
    const answer = await providerAnswer(idp, location(started));
    expect(location(await client.get(answer.url)).pathname).toBe("/dashboard");
    expect((await sessionOf(client))?.user?.email).toBe("alice@example.test");
  });

  it("sends a user to the error page when the provider has no clientId", async () => {
    const config = oauthConfig([plainProvider({ clientId: undefined })]);
    const started = await startSignIn(browser(config));
    expect(location(started).href).toBe("http://localhost:3000/auth/error?error=Configuration");
    expect(config.recorded.errors[0]?.message).toContain('"idp" has no clientId');
  });

  it("refuses a plain-http endpoint outside localhost at start-up, on every route", async () => {
    const config = oauthConfig([plainProvider({ token: "http://idp.example/token" })]);
    expect((await browser(config).get("/auth/providers")).status).toBe(500);
    expect(config.recorded.errors[0]?.message).toMatch(/must use https/);
  });
});

describe("a plain OAuth 2 provider's userinfo answer that is no profile", () => {
  // A real loopback server standing for a userinfo endpoint in trouble, one answer per path.
  const answers: Record<string, string> = {
    "html-page": "<h1>Maintenance</h1>",
    "truncated-json": '{"sub": "bo',
    "json-array": '[{"sub": "bob"}]',
    "json-null": "null",
    "json-string": '"bob"',
  };
  let broken: Server;
  let brokenUrl: string;
  beforeAll(async () => {
    broken = createServer((request, response) => {
      const body = answers[(request.url ?? "").slice(1)];
      if (body === undefined) return void response.writeHead(404).end();
      response.writeHead(200, { "content-type": "application/json" }).end(body);
    });
    await new Promise<void>((resolve) => broken.listen(0, "127.0.0.1", resolve));
    brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => broken.close(resolve)));

  it.each(Object.keys(answers))(
    "(%s) is the provider's fault: back to the sign-in page as unavailable, logged, nobody signed in",
    async (path) => {
      const config = oauthConfig([plainProvider({ userinfo: `${brokenUrl}/${path}` })]);
      const client = browser(config);
      const answer = await providerAnswer(idp, location(await startSignIn(client)), { sub: "bob" });
      const back = location(await client.get(answer.url));
      expect(back.pathname).toBe("/auth/signin");
      expect(back.searchParams.get("error")).toBe("OAuthProviderUnavailable");
      expect(config.recorded.errors.map((e) => `${e.name}: ${e.message}`).join("\n")).toMatch(
        new RegExp(
          `OAuthProviderUnavailable: .*the userinfo request to ${brokenUrl}/${path} failed: the response is not`,
        ),
      );
      expect(await sessionOf(client)).toBeNull();
    },
  );
});
