/**
 * The redirect proxy with two app origins: a preview deployment signs in through the stable
 * deployment's callback URL, which forwards the callback back to the preview.
 */
import type { TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  browser,
  location,
  oauthConfig,
  oidcProvider,
  providerAnswer,
  sessionOf,
  startIdp,
  startSignIn,
} from "./helpers";

const PREVIEW = "http://preview.localhost:3000";
const STABLE = "http://auth.localhost:4000";
const PROXY = `${STABLE}/auth`;

let idp: TestOpenIdProvider;
beforeAll(async () => {
  // Only the stable deployment's callback is registered at the provider.
  idp = await startIdp({ origins: [STABLE] });
});
afterAll(() => idp.stop());

function deployment(origin: string, redirectProxyUrl: string | undefined = PROXY) {
  const config = oauthConfig([oidcProvider(idp)], { redirectProxyUrl });
  return { config, client: browser(config, origin) };
}

describe("redirect proxy", () => {
  it("sends the proxy's callback URL as redirect_uri and adds a state carrying the preview's origin", async () => {
    const preview = deployment(PREVIEW);
    const url = location(await startSignIn(preview.client));
    expect(url.searchParams.get("redirect_uri")).toBe(`${PROXY}/callback/idp`);
    expect(url.searchParams.get("state")).toBeTruthy();
    expect(url.searchParams.get("code_challenge")).toBeTruthy();
  });

  it("forwards the callback from the stable origin to the preview, which completes the sign-in", async () => {
    const preview = deployment(PREVIEW);
    const stable = deployment(STABLE);
    const answer = await providerAnswer(idp, location(await startSignIn(preview.client)));
    const atProvider = new URL(answer.url);
    expect(atProvider.origin).toBe(STABLE);

    const forwarded = location(await stable.client.get(answer.url));
    expect(`${forwarded.origin}${forwarded.pathname}`).toBe(`${PREVIEW}/auth/callback/idp`);
    expect(Object.fromEntries(forwarded.searchParams)).toEqual(Object.fromEntries(atProvider.searchParams));
    expect(stable.client.jar.get("authjs.session-token")).toBeUndefined();

    const done = await preview.client.get(forwarded.href);
    expect(location(done).href).toBe(`${PREVIEW}/dashboard`);
    expect((await sessionOf(preview.client))?.user?.email).toBe("alice@example.test");
    expect(preview.config.recorded.errors).toEqual([]);
  });

  it("completes a sign-in started on the stable origin itself without forwarding", async () => {
    const stable = deployment(STABLE);
    const answer = await providerAnswer(idp, location(await startSignIn(stable.client)));
    expect(location(await stable.client.get(answer.url)).href).toBe(`${STABLE}/dashboard`);
    expect((await sessionOf(stable.client))?.user?.email).toBe("alice@example.test");
  });

  it("does not forward when the receiving app has no redirect proxy configured", async () => {
    const preview = deployment(PREVIEW);
    const plain = deployment(STABLE, "");
    const answer = await providerAnswer(idp, location(await startSignIn(preview.client)));
    expect(location(await plain.client.get(answer.url)).href).toBe(
      `${STABLE}/auth/error?error=Configuration`,
    );
  });

  it("refuses a forwarded callback in a browser that did not start the sign-in", async () => {
    const preview = deployment(PREVIEW);
    const stable = deployment(STABLE);
    const answer = await providerAnswer(idp, location(await startSignIn(preview.client)));
    const forwarded = location(await stable.client.get(answer.url));
    const stranger = deployment(PREVIEW).client;
    expect(location(await stranger.get(forwarded.href)).href).toBe(
      `${PREVIEW}/auth/error?error=Configuration`,
    );
  });
});

/**
 * The account takeover this guards against: an attacker starts a sign-in at a deployment with a
 * forged X-Forwarded-Host, hands the authorization URL to the victim, and waits for the proxy to
 * forward the victim's authorization code to the attacker's site.
 */
describe("redirect proxy with a forged X-Forwarded-Host", () => {
  async function attackerSignIn(client: ReturnType<typeof browser>): Promise<URL> {
    const csrfToken = await client.csrfToken();
    const response = await client.post("/auth/signin/idp", {
      form: { csrfToken, callbackUrl: "/dashboard" },
      headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" },
    });
    return location(response);
  }

  it("never forwards the victim's code to the forged host when nothing declares the proxy trusted", async () => {
    const preview = {
      client: browser(
        oauthConfig([oidcProvider(idp)], { redirectProxyUrl: PROXY, trustHost: undefined }),
        PREVIEW,
      ),
    };
    const stable = deployment(STABLE);
    const answer = await providerAnswer(idp, await attackerSignIn(preview.client));
    const forwarded = location(await stable.client.get(answer.url));
    expect(forwarded.origin).toBe(PREVIEW);
  });

  it("does not forward a code over plain http to a host that is not loopback", async () => {
    // A deployment that declared trust in a proxy passing the header through unchecked seals
    // http://evil.example; the proxy still refuses to send the code there in clear text.
    const misdeclared = browser(oauthConfig([oidcProvider(idp)], { redirectProxyUrl: PROXY }), PREVIEW);
    const csrfToken = await misdeclared.csrfToken();
    const started = await misdeclared.post("/auth/signin/idp", {
      form: { csrfToken, callbackUrl: "/dashboard" },
      headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "http" },
    });
    const stable = deployment(STABLE);
    const answer = await providerAnswer(idp, location(started));
    const refused = location(await stable.client.get(answer.url));
    expect(refused.origin).toBe(STABLE);
    expect(refused.searchParams.get("code")).toBeNull();
  });
});
