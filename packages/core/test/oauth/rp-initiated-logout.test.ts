/**
 * RP-initiated logout, as the app answers it: a federated sign-out ends the local session and
 * sends the browser to the provider's end-session endpoint with the hint, the client id, the
 * registered post-logout URI and the callbackUrl in `state`; the landing sends it on. The full
 * round trip through the provider in a real browser is in logout-browser.test.ts.
 */

import { createAuth, memorySessionStore } from "@portcullis/core";
import { accountUserId } from "@portcullis/core/flows/account";
import OAuth from "@portcullis/core/providers/oauth";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import type { TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BASIC, browser, location, ORIGIN, oauthConfig, sessionOf, signInThrough, startIdp } from "./helpers";
import { logoutProvider, payloadOf, startLogoutIdp } from "./logout-helpers";

let idp: TestOpenIdProvider;
let plain: TestOpenIdProvider;

beforeAll(async () => {
  idp = await startLogoutIdp();
  plain = await startIdp({ plainOAuth: true });
});
afterAll(async () => {
  await idp?.stop();
  await plain?.stop();
});

const LANDING = `${ORIGIN}/auth/signout/idp`;

/** Posts the sign-out form with the fields given. */
async function postSignOut(client: ReturnType<typeof browser>, fields: Record<string, string> = {}) {
  const csrfToken = await client.csrfToken();
  return client.post("/auth/signout", { form: { csrfToken, callbackUrl: "/bye", ...fields } });
}

/** The state a federated sign-out carries: the callbackUrl, base64url-encoded. */
function stateOf(url: string): string {
  return Buffer.from(url).toString("base64url");
}

describe("a federated sign-out (JWT sessions)", () => {
  it("ends the session, fires signOut, and goes to the end-session endpoint with hint, client, landing and state", async () => {
    const signOuts: unknown[] = [];
    const config = oauthConfig([logoutProvider(idp, { federated: true })], {
      events: { signOut: (message) => void signOuts.push(message) },
    });
    const client = browser(config);
    await signInThrough(client, idp);
    expect(await sessionOf(client)).toMatchObject({ user: { email: "alice@example.test" } });

    const to = location(await postSignOut(client));

    expect(`${to.origin}${to.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(to.searchParams.get("client_id")).toBe(BASIC.client_id);
    expect(to.searchParams.get("post_logout_redirect_uri")).toBe(LANDING);
    expect(to.searchParams.get("state")).toBe(stateOf(`${ORIGIN}/bye`));
    const hint = to.searchParams.get("id_token_hint");
    expect(payloadOf(hint!)).toMatchObject({ iss: idp.issuer, aud: BASIC.client_id, sub: "alice" });
    expect(await sessionOf(client)).toBeNull();
    expect(signOuts).toHaveLength(1);
  });

  it("with `federated: false` stays local even when the provider federates by default", async () => {
    const config = oauthConfig([logoutProvider(idp, { federated: true })]);
    const client = browser(config);
    await signInThrough(client, idp);
    expect(location(await postSignOut(client)).origin).toBe(new URL(idp.issuer).origin);
    await signInThrough(client, idp);
    expect(location(await postSignOut(client, { federated: "false" })).href).toBe(`${ORIGIN}/bye`);
    expect(await sessionOf(client)).toBeNull();
  });

  it("the `federated` field asks for it when the provider does not federate by default; no hint is kept then", async () => {
    const config = oauthConfig([logoutProvider(idp)]);
    const client = browser(config);
    await signInThrough(client, idp);
    expect(location(await postSignOut(client)).href).toBe(`${ORIGIN}/bye`);

    await signInThrough(client, idp);
    const to = location(await postSignOut(client, { federated: "true" }));
    expect(`${to.origin}${to.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(to.searchParams.get("client_id")).toBe(BASIC.client_id);
    expect(to.searchParams.has("id_token_hint")).toBe(false);
  });

  it.each(["yes", "1", "TRUE", ""])(
    "an unrecognised `federated` value (%j) leaves it to the provider's default",
    async (value) => {
      const local = oauthConfig([logoutProvider(idp)]);
      const client = browser(local);
      await signInThrough(client, idp);
      expect(location(await postSignOut(client, { federated: value })).href).toBe(`${ORIGIN}/bye`);

      const federating = oauthConfig([logoutProvider(idp, { federated: true })]);
      const other = browser(federating);
      await signInThrough(other, idp);
      const to = location(await postSignOut(other, { federated: value }));
      expect(`${to.origin}${to.pathname}`).toBe(`${idp.issuer}/session/end`);
    },
  );

  it("uses the provider's postLogoutRedirectUri and endSessionEndpoint when set", async () => {
    const config = oauthConfig([
      logoutProvider(idp, {
        federated: true,
        postLogoutRedirectUri: `${ORIGIN}/signed-out`,
        endSessionEndpoint: `${idp.issuer}/custom-logout`,
      }),
    ]);
    const client = browser(config);
    await signInThrough(client, idp);
    const to = location(await postSignOut(client));
    expect(`${to.origin}${to.pathname}`).toBe(`${idp.issuer}/custom-logout`);
    expect(to.searchParams.get("post_logout_redirect_uri")).toBe(`${ORIGIN}/signed-out`);
  });

  it("the callbackUrl in `state` is the one the redirect callback allowed", async () => {
    const config = oauthConfig([logoutProvider(idp, { federated: true })]);
    const client = browser(config);
    await signInThrough(client, idp);
    const to = location(await postSignOut(client, { callbackUrl: "https://evil.example/steal" }));
    expect(to.searchParams.get("state")).toBe(stateOf(ORIGIN));
  });

  it("from server code: `signOut({ federated: true })` answers the end-session URL and the clearing cookies", async () => {
    const config = oauthConfig([logoutProvider(idp)]);
    const client = browser(config);
    await signInThrough(client, idp);
    const result = await createAuth(config).signOut({
      headers: { host: "localhost:3000", cookie: client.jar.header()! },
      callbackUrl: "/bye",
      federated: true,
    });
    const to = new URL(result.redirect);
    expect(`${to.origin}${to.pathname}`).toBe(`${idp.issuer}/session/end`);
    expect(to.searchParams.get("state")).toBe(stateOf(`${ORIGIN}/bye`));
    expect(result.cookies.some((c) => c.name === "authjs.session-token" && c.value === "")).toBe(true);
  });

  it("JWT sessions with a store remember the provider and its session id there", async () => {
    const store = memorySessionStore();
    const config = oauthConfig([logoutProvider(idp)], { session: { strategy: "jwt", store } });
    const client = browser(config);
    await signInThrough(client, idp);
    const [stored] = await store.listByUser(await accountUserId("idp", "alice"));
    expect(stored).toMatchObject({ provider: "idp", idpSessionId: expect.any(String) });
  });
});

describe("a federated sign-out (database sessions)", () => {
  it("keeps the ID token on the session row and sends it as the hint", async () => {
    const adapter = MemoryAdapter();
    const config = oauthConfig([logoutProvider(idp, { federated: true })], { adapter });
    const client = browser(config);
    await signInThrough(client, idp);
    const token = client.jar.get("authjs.session-token")!;
    const row = (await adapter.getSessionAndUser!(token))!.session;
    expect(row).toMatchObject({
      provider: "idp",
      idpSessionId: expect.any(String),
      idToken: expect.any(String),
    });

    const to = location(await postSignOut(client));
    expect(to.searchParams.get("id_token_hint")).toBe(row.idToken);
    expect(await adapter.getSessionAndUser!(token)).toBeNull();
  });

  it("kept in a session store, keeps the ID token there and sends it as the hint", async () => {
    const store = memorySessionStore();
    const config = oauthConfig([logoutProvider(idp, { federated: true })], {
      adapter: MemoryAdapter(),
      session: { strategy: "database", store },
    });
    const client = browser(config);
    await signInThrough(client, idp);
    const token = client.jar.get("authjs.session-token")!;
    const stored = await store.get(token);
    expect(stored).toMatchObject({ provider: "idp", idToken: expect.any(String) });

    const to = location(await postSignOut(client));
    expect(to.searchParams.get("id_token_hint")).toBe(stored?.idToken);
    expect(await store.get(token)).toBeNull();
  });
});

describe("falling back to a local sign-out", () => {
  it("a provider without an end-session endpoint signs out locally", async () => {
    const provider = OAuth({
      id: "idp",
      name: "Plain",
      type: "oauth",
      clientId: BASIC.client_id,
      clientSecret: BASIC.client_secret,
      authorization: { url: plain.endpoints.authorization, params: { scope: "email profile" } },
      token: plain.endpoints.token,
      userinfo: plain.endpoints.userinfo,
      logout: { federated: true },
    });
    const config = oauthConfig([provider]);
    const client = browser(config);
    await signInThrough(client, plain);
    expect(await sessionOf(client)).not.toBeNull();
    expect(location(await postSignOut(client, { federated: "true" })).href).toBe(`${ORIGIN}/bye`);
    expect(await sessionOf(client)).toBeNull();
  });

  it("a provider whose discovery fails signs out locally, and the log says why", async () => {
    const config = oauthConfig([logoutProvider(idp, { federated: true })]);
    const client = browser(config);
    await signInThrough(client, idp);
    // The same provider, now pointing at an issuer that does not answer.
    config.providers = [logoutProvider(idp, { federated: true }, { issuer: "http://127.0.0.1:9" })];
    const fresh = browser({ ...config, providers: config.providers });
    fresh.jar.set("authjs.session-token", client.jar.get("authjs.session-token")!);
    expect(location(await postSignOut(fresh)).href).toBe(`${ORIGIN}/bye`);
    expect(await sessionOf(fresh)).toBeNull();
    expect(config.recorded.errors.map((e) => e.message)).toContainEqual(
      expect.stringContaining("the sign-out stayed local"),
    );
  });

  it("a session signed in another way signs out locally", async () => {
    const config = oauthConfig([logoutProvider(idp, { federated: true })]);
    const client = browser(config);
    expect(location(await postSignOut(client, { federated: "true" })).href).toBe(`${ORIGIN}/bye`);
  });
});

describe("the landing after the provider's logout, GET /auth/signout/{provider}", () => {
  const config = oauthConfig([]);
  const HOME = `${ORIGIN}/`;
  const cases: Array<[string, string | undefined, string]> = [
    ["a path in state", stateOf("/bye"), `${ORIGIN}/bye`],
    ["an absolute same-origin URL in state", stateOf(`${ORIGIN}/a?b=c`), `${ORIGIN}/a?b=c`],
    ["a foreign URL in state (the redirect callback refuses it)", stateOf("https://evil.example/"), HOME],
    ["a protocol-relative path in state", stateOf("//evil.example/"), HOME],
    ["no state", undefined, HOME],
    ["state that is not base64url", "%%%", HOME],
    ["state that is not UTF-8", Buffer.from([0xff, 0xfe]).toString("base64url"), HOME],
    ["state with control characters", stateOf("/a\r\nb"), HOME],
    ["an oversized state", "A".repeat(10_000), HOME],
  ];
  it.each(cases)("%s", async (_name, state, expected) => {
    const query = state === undefined ? "" : `?state=${encodeURIComponent(state)}`;
    const response = await browser(config).get(`/auth/signout/idp${query}`);
    expect(location(response).href).toBe(expected);
  });

  it("a sign-out form posted to a provider path is refused", async () => {
    const client = browser(config);
    const csrfToken = await client.csrfToken();
    const response = await client.post("/auth/signout/idp", { form: { csrfToken } });
    expect(response.status).toBe(400);
  });
});
