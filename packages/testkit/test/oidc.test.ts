import { createRemoteJWKSet, jwtVerify } from "jose";
import * as oauth from "oauth4webapi";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOpenIdProvider, type TestOpenIdProvider } from "../src/oidc";

// The client's callback is never requested: authorize() stops at the redirect meant for it.
const CALLBACK = "http://127.0.0.1:3000/auth/callback/idp";
const insecure = { [oauth.allowInsecureRequests]: true };

/** Builds an authorization URL with PKCE, state and nonce, the way an OIDC client does. */
async function authorizationRequest(
  as: oauth.AuthorizationServer,
  clientId: string,
  extra: Record<string, string> = {},
) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const url = new URL(as.authorization_endpoint!);
  url.search = new URLSearchParams({
    client_id: clientId,
    redirect_uri: CALLBACK,
    response_type: "code",
    scope: "openid email profile",
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
    ...extra,
  }).toString();
  return { url: url.href, verifier, state, nonce };
}

describe("startOpenIdProvider", () => {
  let idp: TestOpenIdProvider;
  let as: oauth.AuthorizationServer;
  const basic: oauth.Client = { client_id: "basic-app" };
  const post: oauth.Client = { client_id: "post-app" };
  const pub: oauth.Client = { client_id: "public-app", token_endpoint_auth_method: "none" };

  beforeAll(async () => {
    idp = await startOpenIdProvider({
      clients: [
        { client_id: "basic-app", client_secret: "basic-secret", redirect_uris: [CALLBACK] },
        {
          client_id: "post-app",
          client_secret: "post-secret",
          redirect_uris: [CALLBACK],
          token_endpoint_auth_method: "client_secret_post",
        },
        { client_id: "public-app", redirect_uris: [CALLBACK] },
      ],
      accounts: [
        {
          sub: "alice",
          email: "alice@example.test",
          email_verified: true,
          name: "Alice",
          picture: "https://p/a",
        },
        { sub: "bob", email: "bob@example.test", email_verified: false, name: "Bob", locale: "fr-FR" },
      ],
    });
    const issuer = new URL(idp.issuer);
    as = await oauth.processDiscoveryResponse(issuer, await oauth.discoveryRequest(issuer, insecure));
  });

  afterAll(async () => {
    await idp.stop();
  });

  /** Runs authorization and the token exchange; returns the validated token response. */
  async function codeFlow(client: oauth.Client, auth: oauth.ClientAuth) {
    const request = await authorizationRequest(as, client.client_id);
    const outcome = await idp.authorize(request.url);
    if (outcome.kind !== "redirect") throw new Error("expected a redirect");
    const params = oauth.validateAuthResponse(as, client, new URL(outcome.url), request.state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      auth,
      params,
      CALLBACK,
      request.verifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, {
      expectedNonce: request.nonce,
    });
    return { tokens, redirect: new URL(outcome.url) };
  }

  it("serves discovery at /.well-known/openid-configuration with its endpoints under the issuer", () => {
    expect(idp.issuer).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(as.issuer).toBe(idp.issuer);
    expect(as.authorization_endpoint).toBe(idp.endpoints.authorization);
    expect(as.token_endpoint).toBe(idp.endpoints.token);
    expect(as.userinfo_endpoint).toBe(idp.endpoints.userinfo);
    expect(as.jwks_uri).toBe(idp.endpoints.jwks);
    expect(as.code_challenge_methods_supported).toContain("S256");
    expect(as.scopes_supported).toEqual(expect.arrayContaining(["openid", "email", "profile"]));
  });

  it("advertises RP-initiated and back-channel logout, and signs forged tokens with its own key", async () => {
    expect(as.end_session_endpoint).toBe(`${idp.issuer}/session/end`);
    expect(as.backchannel_logout_supported).toBe(true);
    const token = await idp.sign({ iss: idp.issuer, sub: "alice" }, { typ: "logout+jwt" });
    const { payload, protectedHeader } = await jwtVerify(token, createRemoteJWKSet(new URL(as.jwks_uri!)));
    expect(payload).toEqual({ iss: idp.issuer, sub: "alice" });
    expect(protectedHeader).toMatchObject({ alg: "RS256", typ: "logout+jwt" });
  });

  it("completes a PKCE code flow for a client_secret_basic client with a verifiable ID token", async () => {
    idp.nextLogin({ sub: "alice" });
    const { tokens, redirect } = await codeFlow(basic, oauth.ClientSecretBasic("basic-secret"));
    expect(redirect.origin + redirect.pathname).toBe(CALLBACK);
    expect(redirect.searchParams.get("iss")).toBe(idp.issuer);
    const { payload, protectedHeader } = await jwtVerify(
      tokens.id_token!,
      createRemoteJWKSet(new URL(as.jwks_uri!)),
      {
        issuer: idp.issuer,
        audience: "basic-app",
      },
    );
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload).toMatchObject({
      sub: "alice",
      email: "alice@example.test",
      email_verified: true,
      name: "Alice",
    });
  });

  it("returns the account's claims from userinfo for the access token", async () => {
    idp.nextLogin({ sub: "alice" });
    const { tokens } = await codeFlow(basic, oauth.ClientSecretBasic("basic-secret"));
    const response = await oauth.userInfoRequest(as, basic, tokens.access_token, insecure);
    const userinfo = await oauth.processUserInfoResponse(as, basic, "alice", response);
    expect(userinfo).toEqual({
      sub: "alice",
      email: "alice@example.test",
      email_verified: true,
      name: "Alice",
      picture: "https://p/a",
    });
  });

  it("accepts client_secret_post at the token endpoint and signs in the account chosen by nextLogin", async () => {
    idp.nextLogin({ sub: "bob" });
    const { tokens } = await codeFlow(post, oauth.ClientSecretPost("post-secret"));
    expect(oauth.getValidatedIdTokenClaims(tokens)).toMatchObject({ sub: "bob", email: "bob@example.test" });
    const userinfo = await oauth.processUserInfoResponse(
      as,
      post,
      "bob",
      await oauth.userInfoRequest(as, post, tokens.access_token, insecure),
    );
    expect(userinfo).toMatchObject({ sub: "bob", locale: "fr-FR", email_verified: false });
  });

  it("refuses a client that authenticates with the wrong secret", async () => {
    await expect(codeFlow(basic, oauth.ClientSecretBasic("wrong-secret"))).rejects.toMatchObject({
      status: 401,
      cause: [{ parameters: { error: "invalid_client" } }],
    });
  });

  it("signs in the first account when no login behaviour is queued", async () => {
    const { tokens } = await codeFlow(basic, oauth.ClientSecretBasic("basic-secret"));
    expect(oauth.getValidatedIdTokenClaims(tokens)?.sub).toBe("alice");
  });

  it("redirects back with error=access_denied and the state when nextLogin denies", async () => {
    idp.nextLogin({ deny: true });
    const request = await authorizationRequest(as, "basic-app");
    const outcome = await idp.authorize(request.url);
    expect(outcome.kind).toBe("redirect");
    const url = new URL(outcome.kind === "redirect" ? outcome.url : "");
    expect(url.searchParams.get("error")).toBe("access_denied");
    expect(url.searchParams.get("state")).toBe(request.state);
    expect(url.searchParams.has("code")).toBe(false);
  });

  it("exchanges a public client's code only with the matching PKCE verifier", async () => {
    await expect(
      codeFlow(pub, oauth.None()).then(({ tokens }) => tokens.token_type.toLowerCase()),
    ).resolves.toBe("bearer");

    const request = await authorizationRequest(as, "public-app");
    const outcome = await idp.authorize(request.url);
    const redirect = new URL(outcome.kind === "redirect" ? outcome.url : "");
    const params = oauth.validateAuthResponse(as, pub, redirect, request.state);
    const wrongVerifier = oauth.generateRandomCodeVerifier();
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      pub,
      oauth.None(),
      params,
      CALLBACK,
      wrongVerifier,
      insecure,
    );
    await expect(oauth.processAuthorizationCodeResponse(as, pub, response)).rejects.toMatchObject({
      error: "invalid_grant",
    });
  });

  it("rejects a public client's authorization request without a code challenge", async () => {
    const request = await authorizationRequest(as, "public-app");
    const url = new URL(request.url);
    url.searchParams.delete("code_challenge");
    url.searchParams.delete("code_challenge_method");
    const outcome = await idp.authorize(url.href);
    const redirect = new URL(outcome.kind === "redirect" ? outcome.url : "");
    expect(redirect.searchParams.get("error")).toBe("invalid_request");
  });

  it("returns the action and fields of a form_post response, which the client can redeem", async () => {
    idp.nextLogin({ sub: "alice" });
    const request = await authorizationRequest(as, "basic-app", { response_mode: "form_post" });
    const outcome = await idp.authorize(request.url);
    if (outcome.kind !== "form_post") throw new Error(`expected form_post, got ${outcome.kind}`);
    expect(outcome.action).toBe(CALLBACK);
    expect(Object.keys(outcome.fields).sort()).toEqual(["code", "iss", "state"]);
    expect(outcome.fields.state).toBe(request.state);
    const params = oauth.validateAuthResponse(as, basic, new URLSearchParams(outcome.fields), request.state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      basic,
      oauth.ClientSecretBasic("basic-secret"),
      params,
      CALLBACK,
      request.verifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, basic, response, {
      expectedNonce: request.nonce,
    });
    expect(oauth.getValidatedIdTokenClaims(tokens)?.sub).toBe("alice");
  });

  it("throws from authorize when the provider shows an error page for an unregistered redirect_uri", async () => {
    const request = await authorizationRequest(as, "basic-app", {
      redirect_uri: "http://127.0.0.1:3000/evil",
    });
    await expect(idp.authorize(request.url)).rejects.toThrow(/answered 400 .*invalid_redirect_uri/);
  });

  it("refuses to queue a login for an unknown account", () => {
    expect(() => idp.nextLogin({ sub: "mallory" })).toThrow('nextLogin: no test account has sub "mallory"');
  });
});

describe("startOpenIdProvider with plainOAuth", () => {
  let idp: TestOpenIdProvider;
  const client: oauth.Client = { client_id: "oauth-app" };

  beforeAll(async () => {
    idp = await startOpenIdProvider({
      plainOAuth: true,
      clients: [{ client_id: "oauth-app", client_secret: "oauth-secret", redirect_uris: [CALLBACK] }],
    });
  });

  afterAll(async () => {
    await idp.stop();
  });

  it("serves no discovery document", async () => {
    const response = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(404);
  });

  it("issues a code without iss and tokens without an ID token, and serves the account at /user", async () => {
    const as: oauth.AuthorizationServer = {
      issuer: idp.issuer,
      authorization_endpoint: idp.endpoints.authorization,
      token_endpoint: idp.endpoints.token,
    };
    // A plain OAuth client asks for no openid scope and sends no nonce.
    const request = await authorizationRequest(as, "oauth-app", { scope: "email profile" });
    const url = new URL(request.url);
    url.searchParams.delete("nonce");
    const outcome = await idp.authorize(url.href);
    const redirect = new URL(outcome.kind === "redirect" ? outcome.url : "");
    expect(redirect.searchParams.has("iss")).toBe(false);
    const params = oauth.validateAuthResponse(as, client, redirect, request.state);
    const response = await oauth.authorizationCodeGrantRequest(
      as,
      client,
      oauth.ClientSecretBasic("oauth-secret"),
      params,
      CALLBACK,
      request.verifier,
      insecure,
    );
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response);
    expect(tokens.id_token).toBeUndefined();

    const user = await fetch(idp.endpoints.userinfo, {
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({ sub: "alice", email: "alice@example.test" });
  });

  it("answers /user with 401 for an unknown access token", async () => {
    const response = await fetch(idp.endpoints.userinfo, {
      headers: { authorization: "Bearer not-a-token" },
    });
    expect(response.status).toBe(401);
  });
});
