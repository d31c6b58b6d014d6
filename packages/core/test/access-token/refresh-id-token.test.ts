/**
 * An ID token in a refresh answer is checked as a sign-in's is (signature against the provider's
 * keys, issuer, audience, expiry) and must be about the account refreshed: the same `sub`, and the
 * same `iss` as the ID token kept from the sign-in (OpenID Connect Core 1.0, 12.2). Refreshes once
 * took any ID token unchecked, so one about another user, signed with a key the provider never
 * published, was stored on the account row, where the app reads the user's identity. Now such an
 * answer fails the refresh with RefreshTokenError (`invalid_response`) and nothing is stored.
 *
 * The providers are scripted stand-ins: a real provider cannot be made to answer a refresh with
 * another user's ID token.
 */
import { type AuthConfig, createAuth, type OAuth2Config } from "@portcullis/core";
import { RefreshTokenError } from "@portcullis/core/errors";
import MicrosoftEntraID, { graphBaseUrl } from "@portcullis/core/providers/microsoft-entra-id";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { generateKeyPair, SignJWT } from "jose";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { browser, location, oauthConfig, startSignIn } from "../oauth/helpers";
import { type HostileIdp, hostileOidcProvider, json, startHostileIdp } from "../oauth/hostile-idp";
import {
  CLIENT_ID,
  type MicrosoftStandIn,
  startMicrosoftStandIn,
  TENANT_A,
  TENANT_B,
} from "../oauth/microsoft-stand-in";
import { accessToken, callOf, clock, engineOf, NEAR_EXPIRY } from "./helpers";

/** What a getAccessToken call ended with: the token, or the error's name and reason. */
function outcomeOf(call: Promise<{ accessToken: string } | null>): Promise<string> {
  return call.then(
    (token) => `token ${token?.accessToken}`,
    (error: Error) => (error instanceof RefreshTokenError ? `${error.name} (${error.reason})` : error.name),
  );
}

describe("a refresh answer's ID token, from a provider with one issuer", () => {
  let idp: HostileIdp;
  beforeAll(async () => {
    idp = await startHostileIdp();
  });
  afterAll(() => idp.stop());

  /** Signs alice in with a token already due for a refresh; the refresh then gets `answer`. */
  async function refreshAnswered(answer: () => Promise<Record<string, unknown>>) {
    const adapter = MemoryAdapter();
    const config = oauthConfig([hostileOidcProvider(idp)], { adapter });
    const client = browser(config);
    const started = location(await startSignIn(client, "op"));
    const signInIdToken = await idp.idToken({
      sub: "alice",
      email: "alice@example.test",
      nonce: started.searchParams.get("nonce"),
    });
    idp.token = json({
      access_token: "at-1",
      token_type: "bearer",
      expires_in: 1,
      refresh_token: "rt-1",
      id_token: signInIdToken,
    });
    idp.userinfo = json({ sub: "alice", email: "alice@example.test" });
    const state = started.searchParams.get("state")!;
    expect(
      location(await client.get(`/auth/callback/op?${new URLSearchParams({ code: "c", state })}`)).pathname,
    ).toBe("/dashboard");
    const sent: Record<string, unknown> = {
      access_token: "at-2",
      token_type: "bearer",
      expires_in: 3600,
      ...(await answer()),
    };
    idp.token = json(sent);
    const outcome = await outcomeOf(createAuth(config).getAccessToken("op", callOf(client)));
    const stored = await adapter.getAccount!("alice", "op");
    return { outcome, stored, sent, signInIdToken };
  }

  it("is stored when the provider signed it about the account", async () => {
    const { outcome, stored, sent } = await refreshAnswered(async () => ({
      id_token: await idp.idToken({ sub: "alice" }),
    }));
    expect(outcome).toBe("token at-2");
    expect(stored).toMatchObject({ access_token: "at-2", id_token: sent.id_token });
  });

  const now = () => Math.floor(Date.now() / 1000);
  it.each([
    {
      when: "it is about another subject, signed with a key the provider never published",
      idToken: async () => {
        const { privateKey } = await generateKeyPair("RS256");
        return new SignJWT({ iss: idp.url, aud: "rp", sub: "mallory", iat: now(), exp: now() + 300 })
          .setProtectedHeader({ alg: "RS256", kid: "k1" })
          .sign(privateKey);
      },
    },
    {
      when: "it is about the account, signed with a key the provider never published",
      idToken: async () => {
        const { privateKey } = await generateKeyPair("RS256");
        return new SignJWT({ iss: idp.url, aud: "rp", sub: "alice", iat: now(), exp: now() + 300 })
          .setProtectedHeader({ alg: "RS256", kid: "k1" })
          .sign(privateKey);
      },
    },
    { when: "the provider signed it about another subject", idToken: () => idp.idToken({ sub: "mallory" }) },
    { when: "it names another issuer", idToken: () => idp.idToken({ iss: "https://evil.example" }) },
    { when: "it is for another client", idToken: () => idp.idToken({ aud: "another-client" }) },
    { when: "it has expired", idToken: () => idp.idToken({ iat: now() - 900, exp: now() - 600 }) },
  ])("fails the refresh (invalid_response) and stores nothing when $when", async ({ idToken }) => {
    const { outcome, stored, signInIdToken } = await refreshAnswered(async () => ({
      id_token: await idToken(),
    }));
    expect(outcome).toBe("RefreshTokenError (invalid_response)");
    expect(stored).toMatchObject({ access_token: "at-1", refresh_token: "rt-1", id_token: signInIdToken });
  });
});

describe("a refresh answer's ID token, from a Microsoft multi-tenant authority", () => {
  let ms: MicrosoftStandIn;
  beforeEach(async () => {
    ms = await startMicrosoftStandIn();
  });
  afterEach(() => ms.close());

  it("fails the refresh when it names another tenant than the sign-in's, for the same subject", async () => {
    const adapter = MemoryAdapter();
    const time = clock();
    const entra = MicrosoftEntraID({
      clientId: CLIENT_ID,
      clientSecret: "entra-secret",
      issuer: `${ms.url}/common/v2.0`,
      [graphBaseUrl]: `${ms.url}/v1.0`,
    }) as OAuth2Config;
    const config: AuthConfig = oauthConfig([entra], { adapter, now: time.now });
    const client = browser(config);
    ms.tokenAnswer = () => ms.answer(TENANT_A);
    expect(location(await startSignIn(client, entra.id)).origin).toBe(ms.url);
    expect(location(await client.get(`/auth/callback/${entra.id}?code=one-time-code`)).pathname).toBe(
      "/dashboard",
    );
    const before = await adapter.getAccount!("ada-pairwise-subject", entra.id);
    expect(before).not.toBeNull();
    time.advance(NEAR_EXPIRY);
    // Each tenant's token is signed with that tenant's keys and names it in iss and tid: it passes
    // every check but the one that it is the tenant of the account's sign-in.
    ms.tokenAnswer = () => ms.answer(TENANT_B);

    const outcome = await outcomeOf(accessToken(engineOf(config), client, entra.id));

    expect(outcome).toBe("RefreshTokenError (invalid_response)");
    expect(await adapter.getAccount!("ada-pairwise-subject", entra.id)).toEqual(before);
  });
});
