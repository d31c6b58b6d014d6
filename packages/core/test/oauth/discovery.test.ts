/**
 * Discovery caching, observed at a real loopback server that relays the OpenID Provider's
 * discovery document and counts how often it is asked for.
 */
import { type ServedApp, serve, type TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { browser, location, oauthConfig, oidcProvider, startIdp, startSignIn } from "./helpers";

let idp: TestOpenIdProvider;
beforeAll(async () => {
  idp = await startIdp();
});
afterAll(() => idp.stop());

interface Relay {
  app: ServedApp;
  wellKnown: string;
  hits: number;
  /** When set, the relay answers 503 instead of the document. */
  down: boolean;
}

const relays: Relay[] = [];
afterEach(async () => {
  await Promise.all(relays.splice(0).map((relay) => relay.app.close()));
});

/** A fresh relay: a new URL, so nothing is shared through the process-wide discovery cache. */
async function startRelay(): Promise<Relay> {
  const relay = { hits: 0, down: false } as Relay;
  relay.app = await serve(async () => {
    relay.hits++;
    if (relay.down) return new Response("unavailable", { status: 503 });
    const document = await fetch(`${idp.issuer}/.well-known/openid-configuration`);
    return new Response(await document.text(), { headers: { "content-type": "application/json" } });
  });
  relay.wellKnown = `${relay.app.url}/.well-known/openid-configuration`;
  relays.push(relay);
  return relay;
}

function relayedConfig(relay: Relay, now: () => number, issuer = idp.issuer) {
  return oauthConfig([oidcProvider(idp, { issuer, wellKnown: relay.wellKnown })], { now });
}

describe("discovery cache", () => {
  it("fetches the document once for sign-ins within an hour", async () => {
    const relay = await startRelay();
    let now = Date.now();
    const config = relayedConfig(relay, () => now);
    expect(location(await startSignIn(browser(config))).origin).toBe(idp.issuer);
    now += 59 * 60 * 1000;
    expect(location(await startSignIn(browser(config))).origin).toBe(idp.issuer);
    expect(relay.hits).toBe(1);
  });

  it("shares the cached document between configurations of the same issuer", async () => {
    const relay = await startRelay();
    const now = Date.now();
    await startSignIn(browser(relayedConfig(relay, () => now)));
    await startSignIn(browser(relayedConfig(relay, () => now)));
    expect(relay.hits).toBe(1);
  });

  it("fetches the document again once it is an hour old", async () => {
    const relay = await startRelay();
    let now = Date.now();
    const config = relayedConfig(relay, () => now);
    await startSignIn(browser(config));
    now += 60 * 60 * 1000 + 1;
    expect(location(await startSignIn(browser(config))).origin).toBe(idp.issuer);
    expect(relay.hits).toBe(2);
  });

  it("does not keep a failed discovery: the next sign-in tries again and succeeds", async () => {
    const relay = await startRelay();
    relay.down = true;
    const now = Date.now();
    const config = relayedConfig(relay, () => now);
    expect(location(await startSignIn(browser(config))).href).toBe(
      "http://localhost:3000/auth/signin?error=OAuthProviderUnavailable",
    );
    expect(config.recorded.errors[0]?.message).toContain(`discovery request to ${relay.wellKnown} failed`);
    expect(config.recorded.errors[0]?.message).toContain("HTTP 503");
    relay.down = false;
    expect(location(await startSignIn(browser(config))).origin).toBe(idp.issuer);
    expect(relay.hits).toBe(2);
  });

  it("refuses a document that names another issuer than the configured one", async () => {
    const relay = await startRelay();
    const now = Date.now();
    const config = relayedConfig(relay, () => now, "https://other-issuer.example");
    expect(location(await startSignIn(browser(config))).href).toBe(
      "http://localhost:3000/auth/signin?error=Configuration",
    );
    expect(config.recorded.errors[0]?.message).toContain(
      '"issuer" property does not match the expected value',
    );
  });
});
