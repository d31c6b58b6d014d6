/**
 * getToken picks the session cookie family (`__Secure-authjs.session-token` or
 * `authjs.session-token`) exactly as the auth routes do: the scheme of AUTH_URL (parsed, so any
 * case), else under declared trust (AUTH_TRUST_HOST=true) the proxy's X-Forwarded-Proto, else the
 * request URL's. And it never reads the unprefixed cookie of a request that carries a `__Secure-`
 * session cookie: the unprefixed name is the one a sibling subdomain (evil.example.com) can plant
 * with Domain=example.com, and reading it would make the user act as the planter's account.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import { getToken } from "@portcullis/core/jwt";
import Credentials from "@portcullis/core/providers/credentials";
import { TestClient } from "@portcullis/testkit";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const SECRET = "get-token-test-secret-with-32-plus-chars";
const APP = "http://app.example.com"; // what the app sees behind the proxy

const users: Record<string, { id: string; name: string }> = {
  victim: { id: "u-victim", name: "Victim" },
  attacker: { id: "u-attacker", name: "Attacker" },
};

function makeConfig(): AuthConfig {
  return {
    secret: SECRET,
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) => (password === "pw" ? (users[String(username)] ?? null) : null),
      }),
    ],
    logger: { error: () => {}, warn: () => {} },
  };
}

/** A browser behind the proxy; the proxy writes X-Forwarded-Proto for the listener it came in on. */
function browser(config: AuthConfig, proto: "https" | "http"): TestClient {
  return new TestClient((request) => {
    const headers = new Headers(request.headers);
    headers.set("x-forwarded-proto", proto);
    return Auth(new Request(request, { headers }), config);
  }, APP);
}

async function signIn(client: TestClient, user: string): Promise<void> {
  const csrfToken = await client.csrfToken();
  const response = await client.post("/auth/callback/credentials", {
    form: { csrfToken, username: user, password: "pw" },
  });
  expect(response.status).toBe(302);
}

describe("getToken behind a TLS-terminating proxy (AUTH_TRUST_HOST=true, no AUTH_URL)", () => {
  beforeEach(() => {
    for (const name of ["AUTH_URL", "NEXTAUTH_URL", "AUTH_SECRET", "NEXTAUTH_SECRET", "VERCEL", "CF_PAGES"])
      vi.stubEnv(name, "");
    vi.stubEnv("AUTH_TRUST_HOST", "true");
    vi.stubEnv("NODE_ENV", "production");
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("reads the __Secure- session cookie the routes wrote for an https request", async () => {
    const config = makeConfig();
    const victim = browser(config, "https");
    await signIn(victim, "victim");
    // The routes decided https from X-Forwarded-Proto and wrote the prefixed cookie.
    expect(victim.jar.get("__Secure-authjs.session-token")).toBeTruthy();
    // The app's own API route, same request shape (http:// URL, X-Forwarded-Proto: https).
    const req = new Request(`${APP}/api/me`, {
      headers: { cookie: victim.jar.header()!, "x-forwarded-proto": "https" },
    });
    expect(await getToken({ req, secret: SECRET })).toMatchObject({ sub: "u-victim" });
  });

  it("never returns a sibling-planted unprefixed token for a victim browsing over https", async () => {
    const config = makeConfig();
    const victim = browser(config, "https");
    await signIn(victim, "victim");
    // The attacker signs in over the proxy's plain-http listener (forwarded with
    // X-Forwarded-Proto: http) and gets an unprefixed token of their own account...
    const attacker = browser(config, "http");
    await signIn(attacker, "attacker");
    const planted = attacker.jar.get("authjs.session-token");
    expect(planted).toBeTruthy();
    // ...which evil.example.com plants with Domain=example.com: the victim's browser now sends both.
    const req = new Request(`${APP}/api/upload`, {
      method: "POST",
      headers: {
        cookie: `authjs.session-token=${planted}; ${victim.jar.header()!}`,
        "x-forwarded-proto": "https",
      },
    });
    // The auth route with the very same cookies holds: it reads only the __Secure- cookie.
    victim.jar.set("authjs.session-token", planted!);
    expect(((await victim.session()) as { user?: { name?: string } }).user?.name).toBe("Victim");
    const token = await getToken({ req, secret: SECRET });
    // The routes (GET /auth/session) see the victim; getToken must not see the attacker.
    expect(token?.sub).not.toBe("u-attacker");
    expect(token).toMatchObject({ sub: "u-victim" });
  });

  it("treats an AUTH_URL written in capitals (HTTPS://...) as https, as the routes do", async () => {
    vi.stubEnv("AUTH_TRUST_HOST", "");
    vi.stubEnv("AUTH_URL", "HTTPS://APP.EXAMPLE.COM/auth");
    const config = makeConfig();
    const victim = browser(config, "https");
    await signIn(victim, "victim");
    // new URL() lower-cases the scheme, so the routes wrote the __Secure- cookie.
    expect(victim.jar.get("__Secure-authjs.session-token")).toBeTruthy();
    const req = new Request(`${APP}/api/me`, { headers: { cookie: victim.jar.header()! } });
    expect(await getToken({ req, secret: SECRET })).toMatchObject({ sub: "u-victim" });
  });

  it("reads the __Secure- cookie a request carries even when nothing tells it the scheme", async () => {
    const config = makeConfig();
    const victim = browser(config, "https");
    await signIn(victim, "victim");
    const attacker = browser(config, "http");
    await signIn(attacker, "attacker");
    // The app declared its proxy in code (trustHost: true), so getToken sees no AUTH_TRUST_HOST,
    // and this proxy forwards no X-Forwarded-Proto to the app's own route.
    vi.stubEnv("AUTH_TRUST_HOST", "");
    const cookie = `authjs.session-token=${attacker.jar.get("authjs.session-token")}; ${victim.jar.header()!}`;
    const req = new Request(`${APP}/api/upload`, { headers: { cookie } });
    expect(await getToken({ req, secret: SECRET })).toMatchObject({ sub: "u-victim" });
    // An explicit choice still wins.
    expect(await getToken({ req, secret: SECRET, secureCookie: false })).toMatchObject({ sub: "u-attacker" });
  });

  it("ignores an X-Forwarded-Proto nobody declared trusted, as the routes do", async () => {
    vi.stubEnv("AUTH_TRUST_HOST", "");
    // A plain-http app (trust declared in code only): its routes wrote the unprefixed cookie.
    const user = browser({ ...makeConfig(), trustHost: true }, "http");
    await signIn(user, "victim");
    const req = new Request(`${APP}/api/me`, {
      headers: { cookie: user.jar.header()!, "x-forwarded-proto": "https" },
    });
    expect(await getToken({ req, secret: SECRET })).toMatchObject({ sub: "u-victim" });
  });
});
