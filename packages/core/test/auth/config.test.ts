/** Configuration: defaults, environment inference, validation at first use, lazy config. */
import { Auth, type AuthConfig, skipCSRFCheck } from "@portcullis/core";
import { encode } from "@portcullis/core/jwt";
import Credentials from "@portcullis/core/providers/credentials";
import Email from "@portcullis/core/providers/email";
import GitHub from "@portcullis/core/providers/github";
import OAuth from "@portcullis/core/providers/oauth";
import { TestClient } from "@portcullis/testkit";
import { afterEach, describe, expect, it, vi } from "vitest";
import { client, config, credentials, recordingLogger, SECRET, signIn } from "./helpers";

afterEach(() => vi.unstubAllEnvs());

const CONFIG_ERROR = {
  message: "There was a problem with the server configuration. Check the server logs for more information.",
};

/** An OAuth 1.0a provider written by hand, as Auth.js v4 apps wrote Twitter's. */
const LEGACY_OAUTH1 = {
  id: "legacy",
  name: "Legacy",
  type: "oauth" as const,
  version: "1.0A",
  clientId: "key",
  clientSecret: "secret",
  authorization: "https://legacy.example/oauth/authenticate",
  token: "https://legacy.example/oauth/access_token",
  userinfo: "https://legacy.example/me",
};

describe("lazy configuration", () => {
  it("calls a config function with each request and uses what it returns", async () => {
    const seen: string[] = [];
    const tenants: Record<string, AuthConfig> = { a: config(), b: config({ basePath: "/b-auth" }) };
    const handler = (request: Request) =>
      Auth(request, (req) => {
        const tenant = new URL(req.url).searchParams.get("tenant") ?? "a";
        seen.push(tenant);
        return tenants[tenant]!;
      });
    expect((await handler(new Request("http://localhost/auth/csrf?tenant=a"))).status).toBe(200);
    expect((await handler(new Request("http://localhost/b-auth/csrf?tenant=b"))).status).toBe(200);
    expect((await handler(new Request("http://localhost/auth/csrf?tenant=b"))).status).toBe(400);
    expect(seen).toEqual(["a", "b", "b"]);
  });

  it("normalises a configuration object once, not per request", async () => {
    const factory = vi.fn(() => credentials);
    const c = client(config({ providers: [factory] }));
    for (let i = 0; i < 5; i++) await c.get("/auth/providers");
    expect(factory).toHaveBeenCalledTimes(1);
  });
});

describe("basePath", () => {
  it("serves the actions under a custom basePath and nothing under the default", async () => {
    const c = client(config({ basePath: "/api/auth/" }));
    expect((await c.get("/api/auth/csrf")).status).toBe(200);
    expect((await c.get("/auth/csrf")).status).toBe(400);
  });

  it("warns once when requests come outside it, so a handler mounted elsewhere is not silent", async () => {
    const { log, logger } = recordingLogger();
    const c = client(config({ basePath: "/api/auth", logger }));
    expect((await c.get("/auth/providers")).status).toBe(400);
    expect((await c.get("/auth/session")).status).toBe(400);
    expect(log.warnings).toEqual(["request-outside-base-path"]);
    // A bad request under the basePath is the client's own, not a mounting mistake.
    expect((await c.get("/api/auth/no-such-action")).status).toBe(400);
    expect(log.warnings).toEqual(["request-outside-base-path"]);
  });
});

describe("environment inference", () => {
  it("reads the secret from AUTH_SECRET", async () => {
    vi.stubEnv("AUTH_SECRET", SECRET);
    const c = client({ trustHost: true, providers: [credentials] });
    await signIn(c);
    const { decode } = await import("@portcullis/core/jwt");
    const token = await decode({
      token: c.jar.get("authjs.session-token")!,
      secret: SECRET,
      salt: "authjs.session-token",
    });
    expect(token?.sub).toBe("u1");
  });

  it("reads the legacy NEXTAUTH_SECRET and NEXTAUTH_URL", async () => {
    vi.stubEnv("NEXTAUTH_SECRET", SECRET);
    vi.stubEnv("NEXTAUTH_URL", "https://legacy.example/api/auth");
    const c = new TestClient((r) => Auth(r, { providers: [credentials] }), "http://internal:8080");
    const response = await c.get("/api/auth/providers");
    expect(await response.json()).toMatchObject({
      credentials: { signinUrl: "https://legacy.example/api/auth/signin/credentials" },
    });
  });

  it("rotates with AUTH_SECRET_1..3: a cookie made with an older secret still reads", async () => {
    vi.stubEnv("AUTH_SECRET", "old-secret-old-secret-old-secret-old");
    vi.stubEnv("AUTH_SECRET_1", "new-secret-new-secret-new-secret-new");
    const old = await encode({
      token: { sub: "u1", name: "Alice" },
      secret: "old-secret-old-secret-old-secret-old",
      salt: "authjs.session-token",
    });
    const c = client({ trustHost: true, providers: [credentials] });
    c.jar.set("authjs.session-token", old);
    expect(await c.session()).toMatchObject({ user: { name: "Alice" } });
    const { decode } = await import("@portcullis/core/jwt");
    const renewed = c.jar.get("authjs.session-token")!;
    expect(
      await decode({
        token: renewed,
        secret: "new-secret-new-secret-new-secret-new",
        salt: "authjs.session-token",
      }),
    ).not.toBeNull();
  });

  it("takes the origin and basePath from AUTH_URL, whatever the Host header says", async () => {
    vi.stubEnv("AUTH_URL", "https://app.example/custom/auth");
    const c = new TestClient(
      (r) => Auth(r, { secret: SECRET, providers: [credentials] }),
      "http://10.0.0.5:3000",
    );
    const response = await c.get("/custom/auth/providers");
    expect(await response.json()).toMatchObject({
      credentials: { callbackUrl: "https://app.example/custom/auth/callback/credentials" },
    });
  });

  it("refuses an untrusted host with 500 when AUTH_TRUST_HOST=false", async () => {
    vi.stubEnv("AUTH_TRUST_HOST", "false");
    const { log, logger } = recordingLogger();
    const response = await Auth(new Request("http://localhost/auth/session"), {
      secret: SECRET,
      providers: [],
      logger,
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual(CONFIG_ERROR);
    expect(log.errors[0]?.message).toMatch(/AUTH_TRUST_HOST=true/);
  });

  it("trusts X-Forwarded-Host and X-Forwarded-Proto when the host is trusted", async () => {
    const response = await Auth(
      new Request("http://127.0.0.1:3000/auth/providers", {
        headers: { "x-forwarded-host": "public.example", "x-forwarded-proto": "https" },
      }),
      config(),
    );
    expect(await response.json()).toMatchObject({
      credentials: { signinUrl: "https://public.example/auth/signin/credentials" },
    });
  });

  it("refuses a malformed X-Forwarded-Host from a trusted proxy with 400", async () => {
    const response = await Auth(
      new Request("http://127.0.0.1:3000/auth/providers", {
        headers: { "x-forwarded-host": "evil.example/<x>" },
      }),
      config(),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toBe("Bad request.");
  });
});

describe("secret", () => {
  it("rotates with a secret array: old cookies read, new cookies use the first secret", async () => {
    const oldSecret = "an-old-secret-that-is-long-enough-123";
    const first = client(config({ secret: oldSecret }));
    await signIn(first);
    const rotated = client(config({ secret: [SECRET, oldSecret] }));
    rotated.jar.set("authjs.session-token", first.jar.get("authjs.session-token")!);
    expect(await rotated.session()).toMatchObject({ user: { name: "Alice" } });
    const onlyNew = client(config({ secret: SECRET }));
    onlyNew.jar.set("authjs.session-token", rotated.jar.get("authjs.session-token")!);
    expect(await onlyNew.session()).toMatchObject({ user: { name: "Alice" } });
  });

  it("answers 500 and logs MissingSecret in production when no secret is set", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const { log, logger } = recordingLogger();
    const response = await Auth(new Request("http://localhost/auth/session"), {
      trustHost: true,
      providers: [],
      logger,
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual(CONFIG_ERROR);
    expect(log.errors.map((e) => (e as { type?: string }).type)).toEqual(["MissingSecret"]);
    expect(log.errors[0]?.message).toMatch(/AUTH_SECRET/);
  });

  it("shows the error page instead of JSON for a page GET without secret in production", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const response = await Auth(new Request("http://localhost/auth/signin"), {
      trustHost: true,
      providers: [],
      logger: recordingLogger().logger,
    });
    expect(response.status).toBe(500);
    expect(response.headers.get("content-type")).toContain("text/html");
  });

  it("reports MissingSecret before UntrustedHost in production when both apply", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const { log, logger } = recordingLogger();
    const response = await Auth(new Request("https://app.example/auth/session"), { providers: [], logger });
    expect(response.status).toBe(500);
    expect(log.errors.map((e) => (e as { type?: string }).type)).toEqual(["MissingSecret", "UntrustedHost"]);
  });

  it("refuses a secret shorter than 32 characters in production, saying how to make one", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const { log, logger } = recordingLogger();
    const short = "only-31-characters-long-secret!";
    expect(short).toHaveLength(31);
    const response = await Auth(new Request("http://localhost/auth/session"), {
      secret: short,
      trustHost: true,
      providers: [],
      logger,
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual(CONFIG_ERROR);
    expect(log.errors.map((e) => (e as { type?: string }).type)).toEqual(["InvalidConfiguration"]);
    expect(log.errors[0]?.message).toContain("openssl rand -base64 33");
    expect(log.errors[0]?.message).not.toContain(short);
  });

  it("refuses a short secret among rotated ones in production", async () => {
    vi.stubEnv("NODE_ENV", "production");
    const { log, logger } = recordingLogger();
    const cfg = { secret: [SECRET, "old-short"], trustHost: true, providers: [], logger };
    expect((await Auth(new Request("http://localhost/auth/session"), cfg)).status).toBe(500);
    expect(log.errors[0]?.message).toMatch(/shorter than 32 characters/);
  });

  it("warns once about a short secret in development and keeps working", async () => {
    vi.stubEnv("NODE_ENV", "development");
    const { log, logger } = recordingLogger();
    const c = client(config({ secret: "short-dev-secret", logger }));
    await signIn(c);
    expect(await c.session()).toMatchObject({ user: { name: "Alice" } });
    await c.session();
    expect(log.warnings).toEqual(["short-secret-dev"]);
  });

  it("warns about the missing secret once, however many times the configuration is normalised", async () => {
    vi.stubEnv("NODE_ENV", "development");
    const { log, logger } = recordingLogger();
    const base: AuthConfig = { trustHost: true, providers: [credentials], logger };
    // A spread per request (as with `raw`), and a lazy configuration building its object anew.
    await Auth(new Request("http://localhost/auth/session"), { ...base });
    await Auth(new Request("http://localhost/auth/session"), { ...base });
    await Auth(new Request("http://localhost/auth/session"), () => ({ ...base }));
    expect(log.warnings).toEqual(["missing-secret-dev"]);
  });

  it("works in development without a secret, with a warning", async () => {
    vi.stubEnv("NODE_ENV", "development");
    const { log, logger } = recordingLogger();
    const c = client({ trustHost: true, providers: [credentials], logger });
    await signIn(c);
    expect(await c.session()).not.toBeNull();
    expect(log.warnings).toContain("missing-secret-dev");
  });
});

describe("OAuth provider without a client id", () => {
  const session = (cfg: AuthConfig) => Auth(new Request("http://localhost/auth/session"), cfg);

  it("is logged at start-up in production, naming the variable, and a signed-in user stays signed in", async () => {
    vi.stubEnv("NODE_ENV", "production");
    vi.stubEnv("AUTH_GITHUB_ID", "");
    const { log, logger } = recordingLogger();
    const cfg: AuthConfig = { secret: SECRET, trustHost: true, providers: [credentials, GitHub], logger };
    const c = client(cfg);
    await signIn(c);
    expect(await c.session()).toMatchObject({ user: { name: "Alice" } });
    expect((await session(cfg)).status).toBe(200);
    expect(log.errors.map((e) => (e as { type?: string }).type)).toEqual(["InvalidConfiguration"]);
    expect(log.errors[0]?.message).toContain('AUTH_GITHUB_ID (provider "github")');
    // The provider itself cannot sign anyone in: its click ends on the error page.
    const csrfToken = await c.csrfToken();
    const clicked = await c.post("/auth/signin/github", { form: { csrfToken } });
    expect(clicked.headers.get("location")).toContain("error=Configuration");
  });

  it("is a warning in development, and the other routes keep working", async () => {
    vi.stubEnv("NODE_ENV", "development");
    vi.stubEnv("AUTH_GITHUB_ID", "");
    const { log, logger } = recordingLogger();
    const response = await session({ secret: SECRET, trustHost: true, providers: [GitHub], logger });
    expect(response.status).toBe(200);
    expect(log.warnings).toEqual(["oauth-client-id-missing"]);
    expect(log.errors).toEqual([]);
  });
});

describe("validation", () => {
  it.each<[string, Partial<AuthConfig>, RegExp]>([
    ["duplicate provider ids", { providers: [credentials, credentials] }, /share the id "credentials"/],
    [
      "a credentials provider without authorize",
      { providers: [{ ...credentials, authorize: undefined as never }] },
      /authorize/,
    ],
    [
      "an email provider without adapter",
      { providers: [Email({ sendVerificationRequest: () => {} })] },
      /adapter/,
    ],
    ["database sessions without adapter", { session: { strategy: "database" } }, /adapter/],
    [
      "an adapter missing methods",
      { adapter: { getUser: () => null }, session: { strategy: "database" } },
      /createSession, getSessionAndUser, updateSession, deleteSession/,
    ],
    [
      "WebAuthn without the experimental flag",
      { providers: [{ id: "passkey", name: "Passkey", type: "webauthn" }] },
      /enableWebAuthn/,
    ],
    [
      "a hand-written WebAuthn provider, which lacks the ceremony WebAuthn() and Passkey() bring",
      {
        providers: [{ id: "passkey", name: "Passkey", type: "webauthn" }],
        experimental: { enableWebAuthn: true },
        adapter: {},
      },
      /carries no sign-in method .*: build it with `Passkey\(\)` \(or `WebAuthn\(\)` from \.\.\.\/webauthn\) from "@portcullis\/core\/providers\/passkey"/,
    ],
    [
      'a hand-written OAuth 1.0a provider, which lacks the flow Twitter({ version: "1.0A" }) brings',
      { providers: [LEGACY_OAUTH1] },
      /carries no sign-in method .*: build it with `Twitter\(\{ version: "1.0A" \}\)`/,
    ],
    // Auth.js takes a custom provider as a plain object; here it would have no sign-in method,
    // so the check names the function that brings one (the codemod adds it).
    [
      "a plain-object OIDC provider, which lacks the flow OAuth() brings",
      { providers: [{ id: "corp", name: "Corp", type: "oidc", issuer: "https://sso.corp.example" }] },
      /"corp" carries no sign-in method \(it was written as a plain object, made by another library, or copied through JSON\): build it with `OAuth\(\{ \.\.\. \}\)` from "@portcullis\/core\/providers\/oauth"/,
    ],
    [
      "a plain-object email provider, which lacks the flow Email() brings",
      {
        providers: [{ id: "mail", name: "Mail", type: "email", sendVerificationRequest: () => {} }],
        adapter: {},
      },
      /"mail" carries no sign-in method .*: build it with `Email\(\{ \.\.\. \}\)` from "@portcullis\/core\/providers\/email"/,
    ],
    [
      "a hand-written OAuth 1.0a provider given to OAuth(), which runs OAuth 2 only",
      { providers: [OAuth(LEGACY_OAUTH1)] },
      /"legacy" is an OAuth 1\.0a provider \(version "1\.0A"\), which OAuth\(\) cannot run: build it with `Twitter\(\{ version: "1\.0A" \}\)`/,
    ],
    [
      "a provider of a type there is no such thing as",
      { providers: [{ id: "corp", name: "Corp", type: "saml" } as never] },
      /"corp" has the type "saml": a provider is "oauth", "oidc", "email", "credentials" or "webauthn"/,
    ],
    [
      "an OAuth provider with neither an issuer nor authorization and token URLs",
      { providers: [OAuth({ id: "acme", name: "Acme", type: "oauth", clientId: "id", clientSecret: "s" })] },
      /"acme" has no `authorization`, nor an `issuer` \(or `wellKnown`\) to discover it from/,
    ],
    [
      "a plain OAuth provider with no userinfo to read the user from, nor an issuer",
      {
        providers: [
          OAuth({
            id: "acme",
            name: "Acme",
            type: "oauth",
            clientId: "id",
            clientSecret: "s",
            authorization: "https://acme.example/authorize",
            token: "https://acme.example/token",
          }),
        ],
      },
      /"acme" has no `userinfo`/,
    ],
    [
      "an OAuth provider with bad endpoints, even without its client id",
      { providers: [OAuth({ id: "acme", name: "Acme", type: "oidc" })] },
      /"acme" has no `authorization`/,
    ],
    [
      "an OIDC provider with endpoints but no issuer to check its ID tokens",
      {
        providers: [
          OAuth({
            id: "acme",
            name: "Acme",
            type: "oidc",
            clientId: "id",
            clientSecret: "s",
            authorization: "https://acme.example/authorize",
            token: "https://acme.example/token",
          }),
        ],
      },
      /"acme" needs an `issuer` to check its ID tokens/,
    ],
    [
      "an OAuth endpoint over plain http on a public host",
      {
        providers: [
          OAuth({
            id: "acme",
            name: "Acme",
            type: "oauth",
            clientId: "id",
            clientSecret: "s",
            authorization: "http://acme.example/authorize",
            token: "https://acme.example/token",
            userinfo: "https://acme.example/me",
          }),
        ],
      },
      /acme/,
    ],
    ["a non-positive session maxAge", { session: { maxAge: 0 } }, /maxAge/],
  ])("answers 500 and names the fix for %s", async (_name, overrides, message) => {
    const { log, logger } = recordingLogger();
    const response = await client(config({ ...overrides, logger })).get("/auth/session");
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual(CONFIG_ERROR);
    expect(log.errors[0]?.message).toMatch(message);
  });
});

describe("logging and warnings", () => {
  it("sends debug output to the logger only with debug: true", async () => {
    const quiet = recordingLogger();
    await client(config({ logger: { error: quiet.logger.error, warn: quiet.logger.warn } })).get(
      "/auth/nope",
    );
    const loud = recordingLogger();
    await client(config({ debug: true, logger: loud.logger })).get("/auth/nope");
    expect(loud.log.debug.some((m) => m.includes("Bad request"))).toBe(true);
  });

  it("warns when CSRF checks are skipped, and then accepts POSTs without a token", async () => {
    const { log, logger } = recordingLogger();
    const c = client(config({ skipCSRFCheck, logger }));
    const response = await c.post("/auth/callback/credentials", {
      form: { username: "alice", password: "wonderland" },
    });
    expect(response.headers.get("location")).toBe("http://localhost:3000");
    expect(log.warnings).toContain("csrf-disabled");
  });

  it("warns that WebAuthn is experimental when enabled", async () => {
    const { log, logger } = recordingLogger();
    await client(config({ experimental: { enableWebAuthn: true }, logger })).get("/auth/csrf");
    expect(log.warnings).toContain("experimental-webauthn");
  });
});

it("accepts the bare Credentials factory result inside a provider list of objects", () => {
  expect(Credentials({ authorize: () => null })).toMatchObject({ id: "credentials", type: "credentials" });
});
