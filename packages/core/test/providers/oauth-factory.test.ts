import { InvalidConfiguration } from "@portcullis/core/errors";
import OAuth from "@portcullis/core/providers/oauth";
import {
  callbackUrlOf,
  defineOAuthProvider,
  defineOIDCProvider,
} from "@portcullis/core/providers/oauth-factory";
import Twitter from "@portcullis/core/providers/twitter";
import type { OAuth2Config, UserinfoRequestContext } from "@portcullis/core/types";
import { describe, expect, it } from "vitest";
import { oauthFlow } from "../../src/flows/oauth";
import { oauth1Flow } from "../../src/flows/oauth1";

const request = async (_context: UserinfoRequestContext) => ({ sub: "1" });

/** Shared defaults, as a module-level constant would be. */
const defaults: OAuth2Config = Object.freeze<OAuth2Config>({
  id: "acme",
  name: "Acme",
  type: "oauth",
  authorization: { url: "https://acme.example/authorize", params: { scope: "profile" } },
  token: "https://acme.example/token",
  userinfo: { url: "https://acme.example/me", request },
  client: { token_endpoint_auth_method: "client_secret_post" },
  checks: ["state"],
  style: { brandColor: "#112233", logo: "https://acme.example/logo.svg" },
});

describe("defineOAuthProvider", () => {
  it("returns the defaults when no config is given, with the OAuth sign-in method", () => {
    const { carriedFlow, ...config } = defineOAuthProvider(defaults);
    expect(config).toEqual(defaults);
    expect(carriedFlow).toBe(oauthFlow);
  });

  it("merges authorization params and keeps the default URL", () => {
    const config = defineOAuthProvider(defaults, { authorization: { params: { prompt: "consent" } } });
    expect(config.authorization).toEqual({
      url: "https://acme.example/authorize",
      params: { scope: "profile", prompt: "consent" },
    });
  });

  it("treats a default endpoint string as the URL when merging an object over it", () => {
    const config = defineOAuthProvider(defaults, { token: { params: { audience: "api" } } });
    expect(config.token).toEqual({ url: "https://acme.example/token", params: { audience: "api" } });
  });

  it("keeps a default custom request when only the endpoint URL is overridden", () => {
    const config = defineOAuthProvider(defaults, { userinfo: { url: "http://127.0.0.1:1/me" } });
    expect(config.userinfo).toEqual({ url: "http://127.0.0.1:1/me", request });
  });

  it("replaces an endpoint given as a string", () => {
    const config = defineOAuthProvider(defaults, { userinfo: "https://other.example/me" });
    expect(config.userinfo).toBe("https://other.example/me");
  });

  it("merges style and client key by key", () => {
    const config = defineOAuthProvider(defaults, {
      style: { brandColor: "#000000" },
      client: { id_token_signed_response_alg: "ES256" },
    });
    expect(config.style).toEqual({ brandColor: "#000000", logo: "https://acme.example/logo.svg" });
    expect(config.client).toEqual({
      token_endpoint_auth_method: "client_secret_post",
      id_token_signed_response_alg: "ES256",
    });
  });

  it("ignores fields given as undefined and never changes the type", () => {
    const config = defineOAuthProvider(defaults, { name: undefined, type: "oidc", checks: undefined });
    expect(config.name).toBe("Acme");
    expect(config.type).toBe("oauth");
    expect(config.checks).toEqual(["state"]);
  });

  it("returns objects that share nothing with the defaults", () => {
    const config = defineOAuthProvider(defaults);
    expect(config.authorization).not.toBe(defaults.authorization);
    expect(config.style).not.toBe(defaults.style);
    expect(config.client).not.toBe(defaults.client);
    expect(config.checks).not.toBe(defaults.checks);
    const authorization = config.authorization as { params: Record<string, string> };
    authorization.params.scope = "changed";
    expect(defineOAuthProvider(defaults).authorization).toEqual(defaults.authorization);
  });

  it("keeps extra provider options the user passes", () => {
    expect(
      defineOAuthProvider(defaults, { enterprise: { baseUrl: "https://x.example" } }).enterprise,
    ).toEqual({
      baseUrl: "https://x.example",
    });
  });
});

describe("defineOIDCProvider", () => {
  it("returns an oidc configuration with the user's issuer", () => {
    const config = defineOIDCProvider(
      { id: "acme", name: "Acme", type: "oidc" },
      { issuer: "https://id.acme.example" },
    );
    expect(config).toEqual({
      id: "acme",
      name: "Acme",
      type: "oidc",
      issuer: "https://id.acme.example",
      carriedFlow: oauthFlow,
    });
  });
});

describe("callbackUrlOf", () => {
  it("returns the provider's callback URL as a string", () => {
    expect(callbackUrlOf({ id: "x", callbackUrl: "https://app.example/auth/callback/x" })).toBe(
      "https://app.example/auth/callback/x",
    );
    expect(callbackUrlOf({ id: "x", callbackUrl: new URL("https://app.example/auth/callback/x") })).toBe(
      "https://app.example/auth/callback/x",
    );
  });

  it("throws InvalidConfiguration when the provider has no callback URL", () => {
    expect(() => callbackUrlOf({ id: "x" })).toThrow(InvalidConfiguration);
  });
});

describe("OAuth()", () => {
  it("gives a provider of an app's own the OAuth flow, keeping every field it was given", () => {
    const given = { id: "corp", name: "Corp", type: "oidc" as const, issuer: "https://sso.corp.example" };
    const { carriedFlow: flow, ...rest } = OAuth(given);
    expect(flow).toBe(oauthFlow);
    expect(rest).toEqual(given);
  });

  it("keeps the method a provider carries already: Twitter's OAuth 1.0a stays OAuth 1.0a", () => {
    const twitter = Twitter({ version: "1.0A", clientId: "key", clientSecret: "secret" });
    expect(OAuth(twitter).carriedFlow).toBe(oauth1Flow);
  });
});
