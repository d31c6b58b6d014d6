/**
 * The redirect proxy between Portcullis and the real Auth.js (`@auth/core`), both ways: an app
 * moving over one deployment at a time keeps its preview sign-ins working. The sign-ins run
 * against a real OpenID Provider whose only registered callback is the stable deployment's.
 */
import { Auth as AuthJs } from "@auth/core";
import type { TestOpenIdProvider } from "@portcullis/testkit";
import { TestClient } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
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

let idp: TestOpenIdProvider;
beforeAll(async () => {
  idp = await startIdp({ origins: [STABLE] });
});
afterAll(() => idp.stop());

/** An Auth.js deployment of the same app: same secret, same provider, same redirect proxy. */
function authJs(origin: string): TestClient {
  const config = {
    secret: SECRET,
    trustHost: true,
    basePath: "/auth",
    redirectProxyUrl: PROXY,
    providers: [{ id: "idp", name: "Test IdP", type: "oidc" as const, issuer: idp.issuer, ...clientOf() }],
  };
  return new TestClient((request) => AuthJs(request, config), origin);
}

function clientOf(): { clientId: string; clientSecret: string } {
  return { clientId: BASIC.client_id, clientSecret: BASIC.client_secret };
}

function portcullis(origin: string): TestClient {
  return browser(oauthConfig([oidcProvider(idp)], { redirectProxyUrl: PROXY }), origin);
}

describe("redirect proxy interoperability with Auth.js", () => {
  it("an Auth.js proxy forwards a Portcullis preview's callback, and the preview signs in", async () => {
    const preview = portcullis(PREVIEW);
    const answer = await providerAnswer(idp, location(await startSignIn(preview)));
    const forwarded = location(await authJs(STABLE).get(answer.url));
    expect(`${forwarded.origin}${forwarded.pathname}`).toBe(`${PREVIEW}/auth/callback/idp`);
    expect(location(await preview.get(forwarded.href)).href).toBe(`${PREVIEW}/dashboard`);
    expect((await sessionOf(preview))?.user?.email).toBe("alice@example.test");
  });

  it("a Portcullis proxy forwards an Auth.js preview's callback, and the preview signs in", async () => {
    const preview = authJs(PREVIEW);
    const csrfToken = await preview.csrfToken();
    const started = await preview.post("/auth/signin/idp", {
      form: { csrfToken, callbackUrl: "/dashboard" },
    });
    const answer = await providerAnswer(idp, location(started));
    const forwarded = location(await portcullis(STABLE).get(answer.url));
    expect(`${forwarded.origin}${forwarded.pathname}`).toBe(`${PREVIEW}/auth/callback/idp`);
    expect(location(await preview.get(forwarded.href)).href).toBe(`${PREVIEW}/dashboard`);
    expect((await sessionOf(preview))?.user?.email).toBe("alice@example.test");
  });
});
