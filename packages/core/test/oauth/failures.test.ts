/**
 * Failed OAuth/OIDC callbacks against a real OpenID Provider: each ends in its documented
 * redirect, logs what went wrong (never a token or code), and stores nothing.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Adapter } from "@portcullis/core";
import { encode } from "@portcullis/core/jwt";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import type { TestClient, TestOpenIdProvider } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ALICE,
  browser,
  deliver,
  location,
  oauthConfig,
  oidcProvider,
  providerAnswer,
  SECRET,
  startIdp,
  startSignIn,
} from "./helpers";

const SIGN_IN_ERROR = (type: string) => `http://localhost:3000/auth/signin?error=${type}`;
const CONFIGURATION = "http://localhost:3000/auth/error?error=Configuration";

let idp: TestOpenIdProvider;
beforeAll(async () => {
  idp = await startIdp({ ids: ["idp", "other"] });
});
afterAll(() => idp.stop());

/** A config with a memory adapter, so a test can see that nothing was stored. */
function setup(overrides: Parameters<typeof oidcProvider>[1] = {}, now?: () => number) {
  const adapter = MemoryAdapter();
  const config = oauthConfig([oidcProvider(idp, overrides), oidcProvider(idp, { id: "other" })], {
    adapter,
    now,
  });
  return { adapter, config, client: browser(config) };
}

async function expectNothingStored(adapter: Adapter, client: TestClient): Promise<void> {
  expect(await adapter.getUserByAccount!({ provider: "idp", providerAccountId: ALICE.sub })).toBeNull();
  expect(await adapter.getUserByEmail!(ALICE.email!)).toBeNull();
  expect(client.jar.get("authjs.session-token")).toBeUndefined();
  expect(await client.session()).toBeNull();
}

/** Seals a check cookie value the way the server does, but for a value of the test's choosing. */
function seal(cookie: string, value: string, provider = "idp"): Promise<string> {
  return encode({ token: { value, provider }, salt: cookie, secret: SECRET, maxAge: 900 });
}

function logged(config: { recorded: { errors: Error[] } }): string {
  return config.recorded.errors.map((e) => `${e.name}: ${e.message}`).join("\n");
}

describe("provider answers", () => {
  it("sends a denied consent to the sign-in page as OAuthCallbackError and logs the provider's error", async () => {
    const { adapter, config, client } = setup();
    const started = await startSignIn(client);
    const answer = await providerAnswer(idp, location(started), { deny: true });
    expect(new URL(answer.url).searchParams.get("error")).toBe("access_denied");
    const response = await deliver(client, answer);
    expect(location(response).href).toBe(SIGN_IN_ERROR("OAuthCallbackError"));
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(logged(config)).toMatch(/"idp" answered the sign-in with error "access_denied"/);
    await expectNothingStored(adapter, client);
  });

  it("sends a token endpoint refusal (wrong client secret) to the error page, naming the endpoint", async () => {
    const { adapter, config, client } = setup({ clientSecret: "wrong-secret" });
    const started = await startSignIn(client);
    const answer = await providerAnswer(idp, location(started));
    const code = new URL(answer.url).searchParams.get("code")!;
    expect(location(await deliver(client, answer)).href).toBe(CONFIGURATION);
    const log = logged(config);
    expect(log).toContain(`token request to ${idp.issuer}/token failed`);
    expect(log).toContain("invalid_client");
    expect(log).not.toContain(code);
    expect(log).not.toContain("wrong-secret");
    await expectNothingStored(adapter, client);
  });

  it("refuses an ID token whose signature does not verify against the provider's JWKS", async () => {
    const impostor = await startIdp();
    try {
      const { adapter, config, client } = setup({ jwks_endpoint: `${impostor.issuer}/jwks` });
      const started = await startSignIn(client);
      expect(location(await deliver(client, await providerAnswer(idp, location(started)))).href).toBe(
        CONFIGURATION,
      );
      expect(logged(config)).toContain(`ID token signature check against ${impostor.issuer}/jwks failed`);
      await expectNothingStored(adapter, client);
    } finally {
      await impostor.stop();
    }
  });
});

describe("provider down", () => {
  it("sends a callback whose provider stopped after sign-in back to the sign-in page as unavailable", async () => {
    const fragile = await startIdp();
    const adapter = MemoryAdapter();
    const config = oauthConfig([oidcProvider(fragile)], { adapter });
    const client = browser(config);
    const answer = await providerAnswer(fragile, location(await startSignIn(client)));
    await fragile.stop();
    expect(location(await deliver(client, answer)).href).toBe(SIGN_IN_ERROR("OAuthProviderUnavailable"));
    // The code depends on whether a kept-alive socket was open (UND_ERR_SOCKET) or not (ECONNREFUSED).
    expect(logged(config)).toMatch(
      /"idp": the token request to .*\/token failed: network error \S+ \(the provider could not be reached\)/,
    );
    await expectNothingStored(adapter, client);
  });

  it("sends a sign-in whose discovery fails back to the sign-in page", async () => {
    const gone = await startIdp();
    await gone.stop();
    const config = oauthConfig([oidcProvider(gone)]);
    const client = browser(config);
    const response = await startSignIn(client);
    expect(location(response).href).toBe(SIGN_IN_ERROR("OAuthProviderUnavailable"));
    expect(setCookieNames(response)).not.toContain("authjs.pkce.code_verifier");
    expect(logged(config)).toContain(
      `discovery request to ${gone.issuer}/.well-known/openid-configuration failed`,
    );
  });
});

describe("provider unavailable", () => {
  let broken: Server;
  let brokenUrl: string;
  beforeAll(async () => {
    // A real loopback server standing for a provider in trouble, one behaviour per path.
    broken = createServer((request, response) => {
      const path = request.url ?? "";
      if (path.startsWith("/hang-up")) return void request.socket.destroy();
      if (path.startsWith("/503-html")) {
        response.writeHead(503, { "content-type": "text/html" }).end("<h1>Service Unavailable</h1>");
      } else if (path.startsWith("/503-json")) {
        response
          .writeHead(503, { "content-type": "application/json" })
          .end(JSON.stringify({ error: "temporarily_unavailable" }));
      } else if (path.startsWith("/html-document")) {
        response.writeHead(200, { "content-type": "text/html" }).end("<h1>Maintenance</h1>");
      } else if (path.startsWith("/truncated-json")) {
        response.writeHead(200, { "content-type": "application/json" }).end('{"issuer": "http');
      } else {
        response.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => broken.listen(0, "127.0.0.1", resolve));
    brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    broken.closeAllConnections();
    await new Promise((resolve) => broken.close(resolve));
  });

  it.each(["503-html", "503-json", "hang-up"])(
    "sends a callback whose token endpoint answers %s back to the sign-in page, logging the cause",
    async (behaviour) => {
      const token = `${brokenUrl}/${behaviour}/token`;
      const { adapter, config, client } = setup({ token });
      const answer = await providerAnswer(idp, location(await startSignIn(client)));
      const back = location(await deliver(client, answer));
      expect(back.href).toBe(SIGN_IN_ERROR("OAuthProviderUnavailable"));
      expect(logged(config)).toContain(
        `OAuthProviderUnavailable: OAuth provider "idp": the token request to ${token} failed`,
      );
      const page = await (await client.get(`${back.pathname}${back.search}`)).text();
      expect(page).toContain("The sign-in provider could not be reached.");
      await expectNothingStored(adapter, client);
    },
  );

  it.each(["html-document", "truncated-json", "503-html", "hang-up"])(
    "sends a sign-in whose discovery answers %s back to the sign-in page, logging the cause",
    async (behaviour) => {
      const issuer = `${brokenUrl}/${behaviour}`;
      const config = oauthConfig([oidcProvider(idp, { issuer })]);
      const response = await startSignIn(browser(config));
      expect(location(response).href).toBe(SIGN_IN_ERROR("OAuthProviderUnavailable"));
      expect(logged(config)).toContain(
        `OAuthProviderUnavailable: OAuth provider "idp": the discovery request to ${issuer}/.well-known/openid-configuration failed`,
      );
    },
  );
});

function setCookieNames(response: Response): string[] {
  return response.headers.getSetCookie().map((c) => c.slice(0, c.indexOf("=")));
}

describe("check cookies", () => {
  it("refuses a callback whose state was changed", async () => {
    const { adapter, config, client } = setup({ checks: ["pkce", "state"] });
    const answer = await providerAnswer(idp, location(await startSignIn(client)));
    const url = new URL(answer.url);
    url.searchParams.set("state", `${url.searchParams.get("state")}x`);
    expect(location(await client.get(url.href)).href).toBe(CONFIGURATION);
    expect(logged(config)).toContain("InvalidCheck: The state parameter does not match the state cookie.");
    await expectNothingStored(adapter, client);
  });

  it("refuses the second use of a callback URL once the first signed in", async () => {
    const { config, client } = setup({ checks: ["pkce", "state"] });
    const answer = await providerAnswer(idp, location(await startSignIn(client)));
    expect(location(await deliver(client, answer)).pathname).toBe("/dashboard");
    const attacker = browser(config);
    expect(location(await attacker.get(answer.url)).href).toBe(CONFIGURATION);
    expect(location(await client.get(answer.url)).href).toBe(CONFIGURATION);
    expect(logged(config)).toMatch(/InvalidCheck: The PKCE code verifier cookie is missing/);
  });

  it("refuses a replay that presents the original check cookies, because the code is spent", async () => {
    const { config, client } = setup();
    const answer = await providerAnswer(idp, location(await startSignIn(client)));
    const cookies = client.jar.header()!;
    expect(location(await deliver(client, answer)).pathname).toBe("/dashboard");
    const replay = browser(config);
    expect(location(await replay.get(answer.url, { headers: { cookie: cookies } })).href).toBe(CONFIGURATION);
    expect(logged(config)).toContain("invalid_grant");
  });

  it("fails the token request when the PKCE cookie holds another verifier", async () => {
    const { adapter, config, client } = setup();
    const answer = await providerAnswer(idp, location(await startSignIn(client)));
    const other = "a".repeat(43);
    client.jar.set("authjs.pkce.code_verifier", await seal("authjs.pkce.code_verifier", other));
    expect(location(await deliver(client, answer)).href).toBe(CONFIGURATION);
    expect(logged(config)).toMatch(/token request to .*failed: HTTP 400, error "invalid_grant"/);
    expect(logged(config)).not.toContain(other);
    await expectNothingStored(adapter, client);
  });

  it("refuses an ID token whose nonce is not the nonce cookie's", async () => {
    const { adapter, config, client } = setup({ checks: ["pkce", "nonce"] });
    const answer = await providerAnswer(idp, location(await startSignIn(client)));
    client.jar.set("authjs.nonce", await seal("authjs.nonce", "another-nonce"));
    expect(location(await deliver(client, answer)).href).toBe(CONFIGURATION);
    expect(logged(config)).toContain("InvalidCheck: The ID token's nonce does not match the nonce cookie.");
    await expectNothingStored(adapter, client);
  });

  it("refuses check cookies older than 15 minutes", async () => {
    let now = Date.now();
    const { adapter, config, client } = setup({ checks: ["pkce", "state"] }, () => now);
    const answer = await providerAnswer(idp, location(await startSignIn(client)));
    now += (900 + 16) * 1000;
    expect(location(await deliver(client, answer)).href).toBe(CONFIGURATION);
    expect(logged(config)).toMatch(
      /InvalidCheck: The (PKCE code verifier|state) cookie could not be read: it expired/,
    );
    await expectNothingStored(adapter, client);
  });

  it("accepts check cookies just under 15 minutes old", async () => {
    let now = Date.now();
    const { client } = setup({ checks: ["pkce", "state"] }, () => now);
    const answer = await providerAnswer(idp, location(await startSignIn(client)));
    now += 899 * 1000;
    expect(location(await deliver(client, answer)).pathname).toBe("/dashboard");
  });

  it("refuses check cookies made for another provider", async () => {
    const { adapter, config, client } = setup();
    const answer = await providerAnswer(idp, location(await startSignIn(client)));
    const elsewhere = new URL(answer.url);
    elsewhere.pathname = "/auth/callback/other";
    expect(location(await client.get(elsewhere.href)).href).toBe(CONFIGURATION);
    expect(logged(config)).toContain(
      "InvalidCheck: The PKCE code verifier cookie was made for another provider.",
    );
    await expectNothingStored(adapter, client);
  });
});

/** The path and query of a callback URL with some parameters replaced (null removes one). */
function withQuery(url: URL, changes: Record<string, string | null>): string {
  const copy = new URL(url);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) copy.searchParams.delete(key);
    else copy.searchParams.set(key, value);
  }
  return `${copy.pathname}${copy.search}`;
}

describe("bad callback input", () => {
  /** Each case rewrites the query of a genuine callback (or sends one of its own). */
  const cases: Array<{ name: string; path: (valid: URL) => string; expected: string; started?: boolean }> = [
    { name: "no parameters at all", path: () => "/auth/callback/idp", expected: CONFIGURATION },
    {
      name: "a state but no code",
      path: (valid) => withQuery(valid, { code: null }),
      expected: SIGN_IN_ERROR("OAuthCallbackError"),
    },
    {
      name: "an issuer that is not the provider's",
      path: (valid) => withQuery(valid, { iss: "https://evil.example" }),
      expected: SIGN_IN_ERROR("OAuthCallbackError"),
    },
    {
      name: "a garbage state",
      path: (valid) => withQuery(valid, { state: "garbage" }),
      expected: CONFIGURATION,
    },
    {
      name: "a state made with another secret",
      path: (valid) => withQuery(valid, { state: "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..a.b.c" }),
      expected: CONFIGURATION,
    },
    {
      name: "an oversized code",
      path: (valid) => withQuery(valid, { code: "x".repeat(20_000) }),
      expected: CONFIGURATION,
    },
    {
      name: "malformed percent-encoding in the code",
      path: (valid) => `${withQuery(valid, { code: null })}&code=%E0%A4%A`,
      expected: CONFIGURATION,
    },
    {
      name: "repeated parameters",
      path: (valid) => `${withQuery(valid, {})}&state=second&iss=%FF`,
      expected: CONFIGURATION,
    },
    {
      name: "a callback with no check cookies at all",
      path: () => "/auth/callback/idp?code=abc&state=def",
      expected: CONFIGURATION,
      started: false,
    },
    { name: "an unknown provider", path: () => "/auth/callback/nope?code=abc", expected: CONFIGURATION },
    {
      name: "an empty error parameter",
      path: (valid) => withQuery(valid, { error: "" }),
      expected: SIGN_IN_ERROR("OAuthCallbackError"),
    },
  ];

  for (const { name, path, expected, started = true } of cases) {
    it(`answers ${name} with a defined redirect and no session`, async () => {
      const { adapter, config, client } = setup({ checks: ["pkce", "state"] });
      let valid = new URL("http://localhost:3000/auth/callback/idp");
      if (started) valid = new URL((await providerAnswer(idp, location(await startSignIn(client)))).url);
      const response = await client.get(path(valid));
      expect(location(response).href).toBe(expected);
      expect(config.recorded.errors.length).toBeGreaterThan(0);
      await expectNothingStored(adapter, client);
    });
  }

  it("ignores non-string fields of a JSON callback body and answers missing code", async () => {
    const { client } = setup();
    await providerAnswer(idp, location(await startSignIn(client)));
    const response = await client.post("/auth/callback/idp", {
      json: { code: { nested: true }, state: ["x"] },
    });
    expect(location(response).href).toBe(SIGN_IN_ERROR("OAuthCallbackError"));
  });
});
