/** OAuth 2 / OpenID Connect sign-in end to end, against a real OpenID Provider on 127.0.0.1. */

import { accountUserId } from "@portcullis/core/flows/account";
import OAuth from "@portcullis/core/providers/oauth";
import type { TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  BASIC,
  browser,
  deliver,
  location,
  oauthConfig,
  oidcProvider,
  POST,
  providerAnswer,
  redirectUri,
  sessionOf,
  setCookies,
  signInThrough,
  startIdp,
  startSignIn,
} from "./helpers";

let idp: TestOpenIdProvider;
beforeAll(async () => {
  idp = await startIdp({ ids: ["idp", "corp-sso"] });
});
afterAll(() => idp.stop());
afterEach(() => {
  vi.unstubAllEnvs();
});

describe("sign-in POST", () => {
  it("redirects to the authorization endpoint with code, client, redirect_uri, OIDC scope and a PKCE challenge", async () => {
    const client = browser(oauthConfig([oidcProvider(idp)]));
    const url = location(await startSignIn(client));
    expect(`${url.origin}${url.pathname}`).toBe(`${idp.issuer}/auth`);
    const params = Object.fromEntries(url.searchParams);
    expect(params).toMatchObject({
      response_type: "code",
      client_id: BASIC.client_id,
      redirect_uri: redirectUri("idp"),
      scope: "openid profile email",
      code_challenge_method: "S256",
    });
    expect(params.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.state).toBeUndefined();
    expect(params.nonce).toBeUndefined();
  });

  it("sets the PKCE cookie as a JWE with Max-Age=900, Expires, HttpOnly and SameSite=Lax", async () => {
    const client = browser(oauthConfig([oidcProvider(idp)]));
    const response = await startSignIn(client);
    const pkce = response.headers.getSetCookie().find((c) => c.startsWith("authjs.pkce.code_verifier="));
    expect(pkce).toMatch(/^authjs\.pkce\.code_verifier=[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+; /);
    expect(pkce).toContain("Max-Age=900");
    expect(pkce).toContain("Expires=");
    expect(pkce).toContain("HttpOnly");
    expect(pkce).toContain("SameSite=Lax");
    expect(pkce).not.toContain("Secure");
  });

  it("adds state and nonce when listed, with a nonce cookie that carries Expires but no Max-Age", async () => {
    const client = browser(oauthConfig([oidcProvider(idp, { checks: ["pkce", "state", "nonce"] })]));
    const response = await startSignIn(client);
    const params = location(response).searchParams;
    expect(params.get("state")).toMatch(/^[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(params.get("nonce")).toMatch(/^[\w-]{43}$/);
    const cookies = response.headers.getSetCookie();
    const state = cookies.find((c) => c.startsWith("authjs.state="));
    const nonce = cookies.find((c) => c.startsWith("authjs.nonce="));
    expect(state).toContain("Max-Age=900");
    expect(state).toContain("Expires=");
    expect(nonce).toContain("Expires=");
    expect(nonce).not.toContain("Max-Age");
  });

  it("appends the sign-in POST's query parameters last, over the provider's params", async () => {
    const provider = oidcProvider(idp, { authorization: { params: { prompt: "consent", scope: "openid" } } });
    const client = browser(oauthConfig([provider]));
    const url = location(
      await startSignIn(client, "idp", { query: "login_hint=alice&scope=openid%20email" }),
    );
    expect(url.searchParams.get("login_hint")).toBe("alice");
    expect(url.searchParams.get("scope")).toBe("openid email");
    expect(url.searchParams.get("prompt")).toBe("consent");
  });

  it("does not let the query override the client, the redirect_uri or the PKCE challenge", async () => {
    const client = browser(oauthConfig([oidcProvider(idp)]));
    const query =
      "client_id=evil&redirect_uri=https%3A%2F%2Fevil.test%2Fcb&code_challenge=x&response_type=token";
    const params = location(await startSignIn(client, "idp", { query })).searchParams;
    expect(params.get("client_id")).toBe(BASIC.client_id);
    expect(params.get("redirect_uri")).toBe(redirectUri("idp"));
    expect(params.get("response_type")).toBe("code");
    expect(params.get("code_challenge")).not.toBe("x");
  });

  it("answers {url} JSON with the cookies when the client asks for X-Auth-Return-Redirect", async () => {
    const client = browser(oauthConfig([oidcProvider(idp)]));
    const csrfToken = await client.csrfToken();
    const response = await client.post("/auth/signin/idp", {
      form: { csrfToken, callbackUrl: "/x" },
      headers: { "X-Auth-Return-Redirect": "1" },
    });
    expect(response.status).toBe(200);
    const { url } = (await response.json()) as { url: string };
    expect(url.startsWith(`${idp.issuer}/auth?`)).toBe(true);
    expect(setCookies(response).set).toContain("authjs.pkce.code_verifier");
  });
});

describe("OpenID Connect code flow", () => {
  it("signs in with PKCE, redirects to the callbackUrl and clears the check cookies", async () => {
    const config = oauthConfig([oidcProvider(idp)]);
    const client = browser(config);
    const response = await signInThrough(client, idp, { callbackUrl: "/dashboard" });
    expect(location(response).href).toBe("http://localhost:3000/dashboard");
    const { set, cleared } = setCookies(response);
    expect(set).toContain("authjs.session-token");
    expect(cleared).toEqual(
      expect.arrayContaining(["authjs.pkce.code_verifier", "authjs.state", "authjs.nonce"]),
    );
    expect(await sessionOf(client)).toMatchObject({
      user: { name: "Alice Example", email: "alice@example.test", image: "https://example.test/alice.png" },
    });
    expect(config.recorded.errors).toEqual([]);
  });

  it("leaves a claim the provider did not send out of the session, as Auth.js does (no `image: null`)", async () => {
    const client = browser(oauthConfig([oidcProvider(idp)]));
    await signInThrough(client, idp, { sub: "bob" });
    expect((await sessionOf(client))?.user).toStrictEqual({ name: "Bob Example", email: "bob@example.test" });
  });

  it("signs in with state, nonce and PKCE together", async () => {
    const client = browser(oauthConfig([oidcProvider(idp, { checks: ["pkce", "state", "nonce"] })]));
    const response = await signInThrough(client, idp, { sub: "bob" });
    expect(location(response).pathname).toBe("/dashboard");
    expect(await sessionOf(client)).toMatchObject({
      user: { name: "Bob Example", email: "bob@example.test" },
    });
  });

  it("signs in with state alone, without PKCE", async () => {
    const client = browser(oauthConfig([oidcProvider(idp, { checks: ["state"] })]));
    const started = await startSignIn(client);
    expect(location(started).searchParams.get("code_challenge")).toBeNull();
    const response = await deliver(client, await providerAnswer(idp, location(started)));
    expect(location(response).pathname).toBe("/dashboard");
    expect((await sessionOf(client))?.user?.email).toBe("alice@example.test");
  });

  it("authenticates with client_secret_post when the client metadata says so", async () => {
    const provider = oidcProvider(idp, {
      clientId: POST.client_id,
      clientSecret: POST.client_secret,
      client: { token_endpoint_auth_method: "client_secret_post" },
    });
    const client = browser(oauthConfig([provider]));
    expect(location(await signInThrough(client, idp)).pathname).toBe("/dashboard");
    expect((await sessionOf(client))?.user?.name).toBe("Alice Example");
  });

  it("completes a form_post callback, with check cookies sent as SameSite=None; Secure", async () => {
    const provider = oidcProvider(idp, {
      checks: ["pkce", "state", "nonce"],
      authorization: { params: { response_mode: "form_post" } },
    });
    const client = browser(oauthConfig([provider]));
    const started = await startSignIn(client);
    for (const cookie of started.headers
      .getSetCookie()
      .filter((c) => /^authjs\.(pkce|state|nonce)/.test(c))) {
      expect(cookie).toContain("SameSite=None");
      expect(cookie).toContain("Secure");
    }
    const answer = await providerAnswer(idp, location(started));
    expect(answer.method).toBe("POST");
    const response = await deliver(client, answer);
    expect(location(response).origin).toBe("http://localhost:3000");
    expect((await sessionOf(client))?.user?.email).toBe("alice@example.test");
  });

  it("discovers the provider through an explicit wellKnown URL", async () => {
    const provider = oidcProvider(idp, {
      issuer: undefined,
      wellKnown: `${idp.issuer}/.well-known/openid-configuration`,
    });
    const client = browser(oauthConfig([provider]));
    expect(location(await signInThrough(client, idp)).pathname).toBe("/dashboard");
    expect((await sessionOf(client))?.user?.email).toBe("alice@example.test");
  });

  it("uses the profile callback's mapping for the session user", async () => {
    const provider = oidcProvider(idp, {
      profile: (profile) => ({
        id: String(profile.sub),
        name: `~${profile.name}`,
        email: "MIXED@Example.TEST",
      }),
    });
    const client = browser(oauthConfig([provider]));
    await signInThrough(client, idp);
    expect((await sessionOf(client))?.user).toMatchObject({
      name: "~Alice Example",
      email: "mixed@example.test",
    });
  });

  it("passes account, profile and trigger signUp-or-signIn to the jwt callback", async () => {
    const seen: Array<Record<string, unknown>> = [];
    const config = oauthConfig([oidcProvider(idp)], {
      callbacks: {
        jwt: (params) => {
          if (params.trigger) seen.push({ ...params });
          return params.token;
        },
      },
    });
    await signInThrough(browser(config), idp);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      trigger: "signIn",
      account: { provider: "idp", type: "oidc", providerAccountId: "alice", token_type: "bearer" },
      profile: { sub: "alice", email: "alice@example.test", iss: idp.issuer },
      user: { id: await accountUserId("idp", "alice"), name: "Alice Example" },
    });
    const account = seen[0]!.account as Record<string, unknown>;
    expect(typeof account.access_token).toBe("string");
    expect(typeof account.id_token).toBe("string");
    expect(account.expires_at).toBeGreaterThan(Date.now() / 1000);
  });
});

describe("environment inference", () => {
  it("reads clientId, clientSecret and issuer from AUTH_{ID}_ID, _SECRET and _ISSUER for a new config", async () => {
    vi.stubEnv("AUTH_CORP_SSO_ID", BASIC.client_id);
    vi.stubEnv("AUTH_CORP_SSO_SECRET", BASIC.client_secret);
    vi.stubEnv("AUTH_CORP_SSO_ISSUER", idp.issuer);
    const provider = OAuth({ id: "corp-sso", name: "Corp SSO", type: "oidc" });
    const client = browser(oauthConfig([provider]));
    const started = await startSignIn(client, "corp-sso");
    const url = location(started);
    expect(url.origin).toBe(idp.issuer);
    expect(url.searchParams.get("client_id")).toBe(BASIC.client_id);
    expect(url.searchParams.get("redirect_uri")).toBe(redirectUri("corp-sso"));
    const response = await deliver(client, await providerAnswer(idp, url));
    expect(location(response).pathname).toBe("/dashboard");
    expect((await sessionOf(client))?.user?.email).toBe("alice@example.test");
  });
});
