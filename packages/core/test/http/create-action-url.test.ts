/**
 * `createActionURL`, for integrations that build an action's URL outside a request to the core,
 * follows the routes' trust rule: the Host a client wrote never names the origin unless the
 * deployer vouched for it (declared trust) or it is a loopback host outside production, and only
 * `http` or `https` count as X-Forwarded-Proto. An integration that mails or redirects to this URL
 * would otherwise bring back the forged-Host account takeover.
 */
import { createActionURL } from "@portcullis/core";
import { UntrustedHost } from "@portcullis/core/errors";
import { describe, expect, it } from "vitest";

type Env = Record<string, string | undefined>;
const PROD: Env = { NODE_ENV: "production" };
const DEV: Env = { NODE_ENV: "development" };

/** The URL built, or the name of the error thrown. */
function built(headers: Record<string, string>, env: Env, trustHost?: boolean, protocol = "https"): string {
  try {
    return createActionURL("signin", protocol, new Headers(headers), env, { basePath: "/auth", trustHost })
      .href;
  } catch (error) {
    return (error as Error).name;
  }
}

describe("createActionURL builds on what the deployer declared", () => {
  it.each([
    // AUTH_URL decides, whatever the request says.
    [
      "AUTH_URL, forged headers",
      { host: "evil.example", "x-forwarded-host": "evil.example" },
      { ...PROD, AUTH_URL: "https://app.example/auth" },
      undefined,
      "https://app.example/auth/signin",
    ],
    // Declared trust: the proxy's headers.
    [
      "trustHost, forwarded host and proto",
      { host: "internal:3000", "x-forwarded-host": "app.example", "x-forwarded-proto": "https" },
      PROD,
      true,
      "https://app.example/auth/signin",
    ],
    [
      "AUTH_TRUST_HOST, Host only",
      { host: "app.example" },
      { ...PROD, AUTH_TRUST_HOST: "true" },
      undefined,
      "https://app.example/auth/signin",
    ],
    [
      "trustHost, first forwarded value",
      { host: "internal", "x-forwarded-host": "app.example, evil.example" },
      PROD,
      true,
      "https://app.example/auth/signin",
    ],
    [
      "trustHost, proto javascript ignored",
      { host: "app.example", "x-forwarded-proto": "javascript" },
      PROD,
      true,
      "https://app.example/auth/signin",
    ],
    [
      "trustHost, proto ftp ignored",
      { host: "app.example", "x-forwarded-proto": "ftp" },
      PROD,
      true,
      "https://app.example/auth/signin",
    ],
    [
      "trustHost, proto HTTP in capitals",
      { host: "app.example", "x-forwarded-proto": "HTTP" },
      PROD,
      true,
      "http://app.example/auth/signin",
    ],
    // Nothing declared, outside production: loopback hosts only, forwarded headers ignored.
    [
      "dev, localhost",
      { host: "localhost:3000", "x-forwarded-host": "evil.example" },
      DEV,
      undefined,
      "https://localhost:3000/auth/signin",
    ],
    ["dev, 127.0.0.1", { host: "127.0.0.1:8080" }, DEV, undefined, "https://127.0.0.1:8080/auth/signin"],
    ["dev, a forged Host", { host: "evil.example" }, DEV, undefined, "UntrustedHost"],
    ["dev, trustHost false", { host: "localhost:3000" }, DEV, false, "UntrustedHost"],
    // Nothing declared in production: no origin at all.
    ["production, a forged Host", { host: "evil.example" }, PROD, undefined, "UntrustedHost"],
    ["production, localhost", { host: "localhost:3000" }, PROD, undefined, "UntrustedHost"],
    // A host that cannot form a URL.
    [
      "trustHost, a path in the forwarded host",
      { host: "app.example", "x-forwarded-host": "evil.example/x" },
      PROD,
      true,
      "TypeError",
    ],
    ["trustHost, no host at all", {}, PROD, true, "TypeError"],
  ] as const)("%s", (_, headers, env, trustHost, expected) => {
    expect(built(headers, env, trustHost)).toBe(expected);
  });

  it("takes the request's own protocol when no trusted header names one", () => {
    expect(built({ host: "localhost:3000" }, DEV, undefined, "http:")).toBe(
      "http://localhost:3000/auth/signin",
    );
  });

  it("says what to set when it refuses", () => {
    expect(() => createActionURL("session", "https", new Headers({ host: "app.example" }), PROD, {})).toThrow(
      UntrustedHost,
    );
    expect(() => createActionURL("session", "https", new Headers({ host: "app.example" }), PROD, {})).toThrow(
      /Set AUTH_URL to the app's public URL, or AUTH_TRUST_HOST=true/,
    );
  });
});
