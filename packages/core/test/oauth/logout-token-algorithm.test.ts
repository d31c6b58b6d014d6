/**
 * A back-channel logout token is validated "in the same way that an ID Token signature is
 * validated" (Back-Channel Logout 1.0, 2.6): so it may be signed with any algorithm the sign-in
 * accepts for the provider's ID tokens, the client's `id_token_signed_response_alg` or else those
 * of `id_token_signing_alg_values_supported`, never `none`; an HMAC one with the client secret.
 * The receiver once accepted RS256 only unless the app named the algorithm, so every logout of a
 * provider signing with ES256 was refused and its users stayed signed in.
 *
 * The provider is the suite's scripted identity provider: the testkit's oidc-provider signs with
 * a fixed RS256 key only.
 */
import type { AuthConfig, OAuth2Config } from "@portcullis/core";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import type { TestClient } from "@portcullis/testkit";
import { exportJWK, generateKeyPair, type JWK, SignJWT } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { browser, location, oauthConfig, sessionOf, startSignIn } from "./helpers";
import { type HostileIdp, hostileOidcProvider, json, startHostileIdp } from "./hostile-idp";
import { LOGOUT_EVENT } from "./logout-helpers";

let idp: HostileIdp;
let es256: CryptoKey;
/** The hostile provider's own RS256 key, published beside the ES256 one. */
let rs256Jwk: JWK;

// A fresh issuer per test: discovery is cached per issuer.
beforeEach(async () => {
  idp = await startHostileIdp();
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  es256 = privateKey;
  const ecJwk = { ...(await exportJWK(publicKey)), kid: "ec1", use: "sig", alg: "ES256" };
  rs256Jwk = ((await (await fetch(`${idp.url}/jwks`)).json()) as { keys: JWK[] }).keys[0]!;
  idp.jwks = json({ keys: [rs256Jwk, ecJwk] });
});
afterEach(() => idp.stop());

const now = () => Math.floor(Date.now() / 1000);

function signEs256(claims: Record<string, unknown>, typ?: string): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "ES256", kid: "ec1", ...(typ && { typ }) })
    .sign(es256);
}

/** Alice signed in with an ES256 ID token in provider session `idp-session-1`. */
async function signedIn(algorithms: string[], provider: Partial<OAuth2Config> = {}) {
  idp.discovery = json(idp.metadata({ id_token_signing_alg_values_supported: algorithms }));
  const op = hostileOidcProvider(idp, provider);
  const config: AuthConfig = oauthConfig([op], { adapter: MemoryAdapter() });
  const client = browser(config);
  const started = location(await startSignIn(client, "op"));
  idp.token = json({
    access_token: "at",
    token_type: "bearer",
    id_token: await signEs256({
      iss: idp.url,
      aud: "rp",
      sub: "alice",
      sid: "idp-session-1",
      email: "alice@example.test",
      nonce: started.searchParams.get("nonce"),
      iat: now(),
      exp: now() + 300,
    }),
  });
  idp.userinfo = json({ sub: "alice", email: "alice@example.test" });
  const state = started.searchParams.get("state")!;
  const landed = location(await client.get(`/auth/callback/op?${new URLSearchParams({ code: "c", state })}`));
  expect(landed.pathname).toBe("/dashboard");
  return { config, client, clientSecret: String(op.clientSecret) };
}

/** The claims of a logout token for alice's provider session. */
const logoutClaims = () => ({
  iss: idp.url,
  aud: "rp",
  iat: now(),
  jti: crypto.randomUUID(),
  sub: "alice",
  sid: "idp-session-1",
  events: { [LOGOUT_EVENT]: {} },
});

/** Posts a logout token; answers its status, and whether the client is still signed in. */
async function deliver(config: AuthConfig, client: TestClient, token: string) {
  const response = await browser(config).post("/auth/backchannel-logout/op", {
    form: { logout_token: token },
  });
  return { status: response.status, signedIn: (await sessionOf(client)) !== null };
}

describe("a logout token is signed as the provider's ID tokens are", () => {
  it("ES256, the one algorithm its discovery document lists: accepted, the session ends", async () => {
    const { config, client } = await signedIn(["ES256"]);
    expect(await deliver(config, client, await signEs256(logoutClaims(), "logout+jwt"))).toEqual({
      status: 200,
      signedIn: false,
    });
  });

  it("ES256, named by the client's id_token_signed_response_alg: accepted", async () => {
    const { config, client } = await signedIn(["RS256", "ES256"], {
      client: { id_token_signed_response_alg: "ES256" },
    });
    expect(await deliver(config, client, await signEs256(logoutClaims()))).toEqual({
      status: 200,
      signedIn: false,
    });
  });

  it("HS256 when listed: accepted with the client secret", async () => {
    const { config, client, clientSecret } = await signedIn(["ES256", "HS256"]);
    const token = await new SignJWT(logoutClaims())
      .setProtectedHeader({ alg: "HS256" })
      .sign(new TextEncoder().encode(clientSecret));
    expect(await deliver(config, client, token)).toEqual({ status: 200, signedIn: false });
  });
});

describe("a logout token is refused (400), the session kept, when signed", () => {
  it("with a published key in an algorithm the provider's ID tokens do not use (RS256 beside ES256)", async () => {
    const { config, client } = await signedIn(["ES256"]);
    // The hostile provider's own RS256 signer; the key is in the key set, the algorithm is not listed.
    const token = await idp.idToken(logoutClaims());
    expect(await deliver(config, client, token)).toEqual({ status: 400, signedIn: true });
  });

  it("with alg none, even when the discovery document lists none", async () => {
    const { config, client } = await signedIn(["ES256", "none"]);
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const token = `${part({ alg: "none" })}.${part(logoutClaims())}.`;
    expect(await deliver(config, client, token)).toEqual({ status: 400, signedIn: true });
  });
});
