/**
 * The trust rule for the app's public origin: AUTH_URL wins; X-Forwarded-Host/-Proto count only
 * under a declared trust; with nothing declared outside production only loopback hosts are
 * served; a forwarded host that is no host is a 400. Each row is what a client sending those
 * headers observes.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { credentials, SECRET } from "../auth/helpers";

afterEach(() => {
  vi.unstubAllEnvs();
});

const CONFIG_ERROR = {
  message: "There was a problem with the server configuration. Check the server logs for more information.",
};

function app(overrides: Partial<AuthConfig> = {}): { config: AuthConfig; errors: Error[] } {
  const errors: Error[] = [];
  const config: AuthConfig = {
    secret: SECRET,
    providers: [credentials],
    logger: { error: (e) => void errors.push(e), warn: () => {} },
    ...overrides,
  };
  return { config, errors };
}

/** The sign-in URL `providers` reports: built on the origin the core settled on. */
async function signinUrlAt(url: string, headers: Record<string, string>, config: AuthConfig) {
  const response = await Auth(new Request(url, { headers }), config);
  if (response.status !== 200) return { status: response.status, body: await response.json() };
  const body = (await response.json()) as { credentials: { signinUrl: string } };
  return { status: 200, origin: new URL(body.credentials.signinUrl).origin };
}

const FORGED = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };

describe("which headers name the public origin", () => {
  it.each([
    // [case, env, trustHost, request URL, expected origin]
    [
      "AUTH_URL wins over forwarded headers",
      { AUTH_URL: "https://app.example" },
      undefined,
      "http://10.0.0.5:3000",
      "https://app.example",
    ],
    [
      "AUTH_URL wins even under trustHost",
      { AUTH_URL: "https://app.example" },
      true,
      "http://10.0.0.5:3000",
      "https://app.example",
    ],
    ["trustHost: true honours the proxy's headers", {}, true, "http://10.0.0.5:3000", "https://evil.example"],
    [
      "AUTH_TRUST_HOST=true honours the proxy's headers",
      { AUTH_TRUST_HOST: "true" },
      undefined,
      "http://10.0.0.5:3000",
      "https://evil.example",
    ],
    [
      "Vercel's edge sets the headers itself",
      { VERCEL: "1" },
      undefined,
      "http://10.0.0.5:3000",
      "https://evil.example",
    ],
    [
      "nothing declared outside production: localhost, forwarded headers ignored",
      {},
      undefined,
      "http://localhost:3000",
      "http://localhost:3000",
    ],
    [
      "nothing declared outside production: 127.0.0.1",
      {},
      undefined,
      "http://127.0.0.1:4000",
      "http://127.0.0.1:4000",
    ],
    ["nothing declared outside production: [::1]", {}, undefined, "http://[::1]:4000", "http://[::1]:4000"],
    [
      "nothing declared outside production: a .localhost name",
      {},
      undefined,
      "http://app.localhost",
      "http://app.localhost",
    ],
  ])("%s", async (_case, env, trustHost, url, expected) => {
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    const { config } = app(trustHost === undefined ? {} : { trustHost });
    expect(await signinUrlAt(`${url}/auth/providers`, FORGED, config)).toEqual({
      status: 200,
      origin: expected,
    });
  });

  it.each([
    ["a non-loopback Host", "http://evil.example"],
    ["a LAN address", "http://192.168.1.20:3000"],
  ])(
    "answers 400 and logs UntrustedHost for %s with nothing declared outside production",
    async (_case, url) => {
      const { config, errors } = app();
      expect(await signinUrlAt(`${url}/auth/providers`, {}, config)).toEqual({
        status: 400,
        body: "Bad request.",
      });
      expect(errors.map((e) => e.name)).toEqual(["UntrustedHost"]);
      expect(errors[0]?.message).toMatch(/AUTH_URL/);
    },
  );

  it.each([
    ["any host in production with nothing declared", { NODE_ENV: "production" }, undefined],
    ["any host with AUTH_TRUST_HOST=false", { AUTH_TRUST_HOST: "false" }, undefined],
    ["any host with trustHost: false", {}, false],
  ])("answers UntrustedHost (500, the deployer must declare) for %s", async (_case, env, trustHost) => {
    for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
    const { config, errors } = app(trustHost === undefined ? {} : { trustHost });
    expect(await signinUrlAt("http://localhost:3000/auth/providers", {}, config)).toEqual({
      status: 500,
      body: CONFIG_ERROR,
    });
    expect(errors[0]?.name).toBe("UntrustedHost");
    expect(errors[0]?.message).toMatch(/AUTH_URL/);
  });

  it("ignores an X-Forwarded-Proto that is neither http nor https", async () => {
    const { config } = app({ trustHost: true });
    const headers = { "x-forwarded-host": "app.example", "x-forwarded-proto": "javascript" };
    expect(await signinUrlAt("http://10.0.0.5/auth/providers", headers, config)).toEqual({
      status: 200,
      origin: "http://app.example",
    });
  });

  it("takes the first of several forwarded values (the client-facing proxy's)", async () => {
    const { config } = app({ trustHost: true });
    const headers = { "x-forwarded-host": "app.example, internal:8080", "x-forwarded-proto": "https, http" };
    expect(await signinUrlAt("http://10.0.0.5/auth/providers", headers, config)).toEqual({
      status: 200,
      origin: "https://app.example",
    });
  });
});

describe("a forwarded host that is no host", () => {
  const INVALID = [
    "a:99999",
    "1.2.3.4.5",
    "[::::]",
    "evil.example/x",
    "a b",
    "user@evil.example",
    "[::1",
    "é.example",
  ];
  const ACTIONS: Array<[string, string]> = [
    ["GET", "csrf"],
    ["GET", "providers"],
    ["GET", "session"],
    ["GET", "signin"],
    ["GET", "signout"],
    ["GET", "error"],
    ["GET", "verify-request"],
    ["POST", "signin/credentials"],
    ["POST", "callback/credentials"],
    ["POST", "signout"],
  ];

  it.each(INVALID)("answers 400 on every action under trustHost for X-Forwarded-Host %j", async (host) => {
    const { config, errors } = app({ trustHost: true });
    for (const [method, action] of ACTIONS) {
      const response = await Auth(
        new Request(`http://localhost:3000/auth/${action}`, {
          method,
          headers: { "x-forwarded-host": host, "content-type": "application/x-www-form-urlencoded" },
          body: method === "POST" ? "csrfToken=x" : undefined,
        }),
        config,
      );
      expect([action, response.status]).toEqual([action, 400]);
    }
    expect(errors).toEqual([]);
  });

  it.each(INVALID)("is ignored when nothing is declared (X-Forwarded-Host %j)", async (host) => {
    const { config } = app();
    expect(
      await signinUrlAt("http://localhost:3000/auth/providers", { "x-forwarded-host": host }, config),
    ).toEqual({
      status: 200,
      origin: "http://localhost:3000",
    });
  });
});
