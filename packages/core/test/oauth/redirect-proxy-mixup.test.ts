/**
 * The redirect proxy and an IdP mix-up. The app (previews behind a stable redirect proxy) offers
 * an honest OpenID Provider "good" and a malicious plain OAuth provider "evil" (no issuer, so no
 * RFC 9207 `iss` check applies to it). The attack:
 *
 * 1. The victim clicks "Sign in with evil": the preview seals its evil callback URL in the state
 *    and sets check cookies bound to evil.
 * 2. evil shows no login page: it sends the victim to good's authorization endpoint with the
 *    app's client id at good, the proxy's registered `/callback/good`, the victim's state, and a
 *    PKCE challenge the attacker made in a sign-in of its own.
 * 3. good sends the victim to the proxy's `/callback/good` with a code. A proxy forwarding by the
 *    state alone sends it to the preview's `/callback/evil`, whose check cookies are all there, so
 *    the code is redeemed at evil's token endpoint: the attacker has the victim's code at good.
 * 4. The attacker puts that code into its own sign-in with good, whose PKCE verifier matches.
 *
 * The proxy must forward a callback only to the callback of the provider it arrived for.
 */

import { Auth as AuthJs } from "@auth/core";
import OAuth from "@portcullis/core/providers/oauth";
import { type ServedApp, serve, TestClient, type TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  BASIC,
  browser,
  location,
  oauthConfig,
  oidcProvider,
  providerAnswer,
  SECRET,
  sessionOf,
  startIdp,
  startSignIn,
} from "./helpers";

const PREVIEW = "http://preview.localhost:3000";
const STABLE = "http://auth.localhost:4000";
const PROXY = `${STABLE}/auth`;

let good: TestOpenIdProvider;
/** evil's endpoints: its token endpoint keeps every code it is sent and redeems none. */
let evil: ServedApp;
let codesAtEvil: string[] = [];

beforeAll(async () => {
  good = await startIdp({ ids: ["good"], origins: [STABLE] });
  evil = await serve(async (request) => {
    if (new URL(request.url).pathname !== "/token") return new Response(null, { status: 404 });
    const code = new URLSearchParams(await request.text()).get("code");
    if (code) codesAtEvil.push(code);
    return Response.json({ error: "invalid_grant" }, { status: 400 });
  });
});
afterAll(async () => {
  await good.stop();
  await evil.close();
});
beforeEach(() => {
  codesAtEvil = [];
});

/** evil as a plain OAuth provider; the same object configures Auth.js, and Portcullis through OAuth(). */
function evilProvider() {
  return {
    id: "evil",
    name: "Evil",
    type: "oauth" as const,
    authorization: `${evil.url}/authorize`,
    token: `${evil.url}/token`,
    userinfo: `${evil.url}/userinfo`,
    clientId: "evil-client",
    clientSecret: "evil-secret",
  };
}

/** A Portcullis deployment of the app, behind the proxy, at `origin`. */
function portcullis(origin: string): TestClient {
  const config = oauthConfig([oidcProvider(good, { id: "good" }), OAuth(evilProvider())], {
    redirectProxyUrl: PROXY,
  });
  return browser(config, origin);
}

/** An Auth.js deployment of the same app: same secret, same providers, same proxy. */
function authJs(origin: string): TestClient {
  const config = {
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    redirectProxyUrl: PROXY,
    providers: [
      {
        id: "good",
        name: "Good",
        type: "oidc" as const,
        issuer: good.issuer,
        clientId: BASIC.client_id,
        clientSecret: BASIC.client_secret,
      },
      evilProvider(),
    ],
  };
  return new TestClient((request) => AuthJs(request, config), origin);
}

/**
 * Plays the attack against `victim` (a preview's browser) through the Portcullis proxy; answers
 * the proxy's response to good's callback and the attacker's session after step 4, played with
 * whatever code reached evil.
 */
async function mixUp(victim: TestClient, signInWithEvil: () => Promise<Response>) {
  const victimState = location(await signInWithEvil()).searchParams.get("state")!;
  const attacker = portcullis(PREVIEW);
  const attackerUrl = location(await startSignIn(attacker, "good"));
  const crafted = new URL(attackerUrl);
  crafted.searchParams.set("state", victimState);
  const answer = await providerAnswer(good, crafted, { sub: "alice" });
  expect(answer.url.startsWith(`${PROXY}/callback/good?`)).toBe(true);

  const atProxy = await portcullis(STABLE).get(answer.url);
  const forwardedTo = atProxy.headers.get("location") ?? "";
  if (forwardedTo.startsWith(PREVIEW)) await victim.get(forwardedTo);

  for (const code of codesAtEvil) {
    const injected = new URL(`${PREVIEW}/auth/callback/good${new URL(answer.url).search}`);
    injected.searchParams.set("code", code);
    injected.searchParams.set("state", attackerUrl.searchParams.get("state")!);
    await attacker.get(injected.href);
  }
  return { atProxy, attackerSession: await sessionOf(attacker) };
}

describe("redirect proxy and an IdP mix-up", () => {
  it("refuses to forward good's callback carrying a state made for evil, so the code never reaches evil", async () => {
    const victim = portcullis(PREVIEW);
    const { atProxy, attackerSession } = await mixUp(victim, () => startSignIn(victim, "evil"));

    expect(location(atProxy).href).toBe(`${STABLE}/auth/error?error=Configuration`);
    expect(codesAtEvil).toEqual([]);
    expect(attackerSession).toBeNull();
  });

  it("refuses to forward good's callback to the evil callback an Auth.js preview sealed", async () => {
    // Auth.js names no provider in its state: the sealed callback path is what ties it to one.
    const victim = authJs(PREVIEW);
    const signInWithEvil = async () =>
      victim.post("/auth/signin/evil", { form: { csrfToken: await victim.csrfToken(), callbackUrl: "/" } });
    const { atProxy } = await mixUp(victim, signInWithEvil);

    expect(location(atProxy).href).toBe(`${STABLE}/auth/error?error=Configuration`);
  });

  it("still forwards each provider's callback to the preview's callback of that provider", async () => {
    const preview = portcullis(PREVIEW);
    const answer = await providerAnswer(good, location(await startSignIn(preview, "good")));
    const forwarded = location(await portcullis(STABLE).get(answer.url));
    expect(`${forwarded.origin}${forwarded.pathname}`).toBe(`${PREVIEW}/auth/callback/good`);
    expect(location(await preview.get(forwarded.href)).href).toBe(`${PREVIEW}/dashboard`);
    expect((await sessionOf(preview))?.user?.email).toBe("alice@example.test");
  });
});
