/**
 * A provider's `[customFetch]` carries every request to that provider (discovery, token, JWKS,
 * userinfo), against the real OpenID Provider of testkit: the recorder forwards to global fetch.
 */
import { customFetch } from "@portcullis/core";
import GitHub from "@portcullis/core/providers/github";
import type { TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browser, location, oauthConfig, oidcProvider, sessionOf, signInThrough, startIdp } from "./helpers";

let idp: TestOpenIdProvider;
let metadata: { token_endpoint: string; jwks_uri: string; userinfo_endpoint: string };

beforeAll(async () => {
  idp = await startIdp({ ids: ["idp", "proxied"] });
  metadata = await (await fetch(`${idp.issuer}/.well-known/openid-configuration`)).json();
});

afterAll(() => idp.stop());

/** A fetch that records each URL and whether it carried an abort signal, then forwards it. */
function recorder(): { fetch: typeof fetch; urls: string[]; signalled: boolean[] } {
  const urls: string[] = [];
  const signalled: boolean[] = [];
  const recording = (async (input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(input instanceof Request ? input.url : String(input));
    signalled.push(
      (init?.signal ?? (input instanceof Request ? input.signal : undefined)) instanceof AbortSignal,
    );
    return fetch(input, init);
  }) as typeof fetch;
  return { fetch: recording, urls, signalled };
}

describe("customFetch", () => {
  it("sends discovery, token, JWKS and userinfo requests of a sign-in through the provider's fetch", async () => {
    const { fetch: proxied, urls, signalled } = recorder();
    const provider = oidcProvider(idp, { id: "proxied", idToken: false, [customFetch]: proxied });
    const config = oauthConfig([provider]);
    const client = browser(config);
    const response = await signInThrough(client, idp, { id: "proxied" });
    expect(location(response).pathname).toBe("/dashboard");
    expect((await sessionOf(client))?.user?.email).toBe("alice@example.test");
    expect(urls).toEqual(
      expect.arrayContaining([
        `${idp.issuer}/.well-known/openid-configuration`,
        metadata.token_endpoint,
        metadata.jwks_uri,
        metadata.userinfo_endpoint,
      ]),
    );
    // Every request carries the `timeouts.http` signal, so the time-out holds for a custom fetch.
    expect(signalled.every(Boolean)).toBe(true);
  });

  it("fetches a wellKnown discovery document through the provider's fetch", async () => {
    const { fetch: proxied, urls } = recorder();
    const wellKnown = `${idp.issuer}/.well-known/openid-configuration`;
    const provider = oidcProvider(idp, { id: "proxied", wellKnown, [customFetch]: proxied });
    const response = await signInThrough(browser(oauthConfig([provider])), idp, { id: "proxied" });
    expect(location(response).pathname).toBe("/dashboard");
    expect(urls).toContain(wellKnown);
  });

  it("leaves a provider without customFetch on the global fetch", async () => {
    const { fetch: proxied, urls } = recorder();
    const config = oauthConfig([
      oidcProvider(idp),
      oidcProvider(idp, { id: "proxied", [customFetch]: proxied }),
    ]);
    const response = await signInThrough(browser(config), idp, { id: "idp" });
    expect(location(response).pathname).toBe("/dashboard");
    expect(urls).toEqual([]);
  });

  it("keeps customFetch when a built-in provider factory merges the user's options", () => {
    const proxied = recorder().fetch;
    expect(GitHub({ clientId: "id", clientSecret: "secret", [customFetch]: proxied })[customFetch]).toBe(
      proxied,
    );
  });
});
