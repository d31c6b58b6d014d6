/**
 * An ID token's signature is checked, whatever its algorithm: with the provider's key set, or,
 * for an HMAC algorithm (which providers such as Auth0 and Keycloak may announce), with the client
 * secret. oauth4webapi checks only that the algorithm is one the provider announced; a token
 * whose header said HS256 once went unchecked, so any signature at all was accepted.
 */
import { SignJWT } from "jose";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type HostileIdp, hostileOidcProvider, json, signInWith, startHostileIdp } from "./hostile-idp";

let idp: HostileIdp;
beforeEach(async () => {
  // A fresh issuer per test: discovery is cached per issuer.
  idp = await startHostileIdp();
  idp.discovery = json(idp.metadata({ id_token_signing_alg_values_supported: ["RS256", "HS256"] }));
});
afterEach(() => idp.stop());

/** The claims of a genuine ID token under another header, with the given signature. */
async function reHeadered(nonce: string, header: Record<string, unknown>, signature: string) {
  const payload = (await idp.idToken({ nonce, sub: "victim" })).split(".")[1];
  return `${Buffer.from(JSON.stringify(header)).toString("base64url")}.${payload}.${signature}`;
}

describe("an ID token that claims HS256", () => {
  it("with a forged signature is refused and signs no one in", async () => {
    const { landed, adapter } = await signInWith(idp, async (nonce) => ({
      access_token: "at",
      token_type: "Bearer",
      id_token: await reHeadered(nonce, { alg: "HS256" }, "Zm9yZ2Vk"),
    }));
    expect(landed).toBe("/auth/error?error=Configuration");
    expect(await adapter.getUserByAccount!({ provider: "op", providerAccountId: "victim" })).toBeNull();
  });

  it("signed with the client secret signs the user in", async () => {
    const { landed, adapter } = await signInWith(idp, async (nonce) => {
      const payload = JSON.parse(
        Buffer.from((await idp.idToken({ nonce, sub: "carol" })).split(".")[1]!, "base64url").toString(),
      );
      const secret = new TextEncoder().encode(String(hostileOidcProvider(idp).clientSecret));
      return {
        access_token: "at",
        token_type: "Bearer",
        id_token: await new SignJWT(payload).setProtectedHeader({ alg: "HS256" }).sign(secret),
      };
    });
    expect(landed).toBe("/dashboard");
    expect(await adapter.getUserByAccount!({ provider: "op", providerAccountId: "carol" })).not.toBeNull();
  });

  it("is refused when the provider has no client secret to check it with", async () => {
    const { landed } = await signInWith(
      idp,
      async (nonce) => ({
        access_token: "at",
        token_type: "Bearer",
        id_token: await reHeadered(nonce, { alg: "HS256" }, "Zm9yZ2Vk"),
      }),
      { provider: { clientSecret: undefined, client: { token_endpoint_auth_method: "none" } } },
    );
    expect(landed).toBe("/auth/error?error=Configuration");
  });
});

describe("an ID token with alg none", () => {
  it("is refused even when the metadata lists none", async () => {
    idp.discovery = json(idp.metadata({ id_token_signing_alg_values_supported: ["RS256", "none"] }));
    const { landed } = await signInWith(idp, async (nonce) => ({
      access_token: "at",
      token_type: "Bearer",
      id_token: await reHeadered(nonce, { alg: "none" }, ""),
    }));
    expect(landed).toBe("/auth/error?error=Configuration");
  });
});
