/**
 * The engine's server face, called without an `origin` (`auth.session({ headers })`), takes a
 * public Host as https: an app that terminates TLS itself (Bun/Deno/node:https, no proxy, so no
 * X-Forwarded-Proto) under `trustHost: true` reads and writes the `__Secure-` session cookie, as
 * its routes do, never the unprefixed `authjs.session-token` a sibling subdomain can plant with
 * Domain=example.com. A trusted proxy's X-Forwarded-Proto still says otherwise; a loopback Host
 * (local development) stays http.
 */
import { Auth, type AuthConfig, createAuth } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { TestClient } from "@portcullis/testkit";
import { describe, expect, it } from "vitest";

const SECRET = "server-face-scheme-secret-with-32-plus-chars";
const APP = "https://app.example.com";

const users: Record<string, { id: string; name: string; email: string }> = {
  victim: { id: "u-victim", name: "Victim", email: "victim@example.com" },
  attacker: { id: "u-attacker", name: "Attacker", email: "attacker@example.com" },
};

async function makeConfig(): Promise<AuthConfig> {
  const adapter = MemoryAdapter();
  for (const user of Object.values(users)) await adapter.createUser!({ ...user, emailVerified: null });
  return {
    secret: SECRET,
    trustHost: true,
    adapter,
    session: { strategy: "database" },
    providers: [
      Credentials({
        credentials: { username: {}, password: {} },
        authorize: ({ username, password }) => (password === "pw" ? (users[String(username)] ?? null) : null),
      }),
    ],
    logger: { error: () => {}, warn: () => {} },
  };
}

async function signedIn(config: AuthConfig, user: string): Promise<TestClient> {
  const client = new TestClient((request) => Auth(request, config), APP);
  const csrfToken = await client.csrfToken();
  const response = await client.post("/auth/callback/credentials", {
    form: { csrfToken, username: user, password: "pw" },
  });
  expect(response.status).toBe(302);
  expect(client.jar.get("__Secure-authjs.session-token")).toBeTruthy();
  return client;
}

describe("server face without an origin (trustHost, no AUTH_URL)", () => {
  it("auth.session({ headers }) reads the victim's session, not a planted unprefixed cookie", async () => {
    const config = await makeConfig();
    const victim = await signedIn(config, "victim");
    const attacker = await signedIn(config, "attacker");
    // evil.example.com plants the attacker's own (database) session token, unprefixed, for
    // Domain=example.com (it can do so even over plain http).
    const planted = attacker.jar.get("__Secure-authjs.session-token")!;
    const cookie = `authjs.session-token=${planted}; ${victim.jar.header()!}`;
    // The victim's request to the app's own route handler (e.g. an upload endpoint), with the
    // Host header a real server (Bun.serve, Deno.serve, node:https) puts in its Request.
    const request = new Request(`${APP}/api/upload`, {
      method: "POST",
      headers: { cookie, host: "app.example.com" },
    });

    // The HTTP route holds: GET /auth/session with the same cookies is the victim.
    const routeSession = (await (
      await Auth(new Request(`${APP}/auth/session`, { headers: { cookie } }), config)
    ).json()) as { user?: { name?: string } } | null;
    expect(routeSession?.user?.name).toBe("Victim");

    // The server face without an origin agrees with the route.
    const { session } = await createAuth(config).session({ headers: request.headers });
    expect(session?.user?.name).toBe("Victim");
  });

  it("auth.signIn({ headers }) writes the __Secure- session cookie the routes read, with Secure", async () => {
    const config = await makeConfig();
    const request = new Request(`${APP}/login`, { method: "POST", headers: { host: "app.example.com" } });
    const { cookies, redirect } = await createAuth(config).signIn("credentials", {
      headers: request.headers,
      fields: { username: "victim", password: "pw" },
    });
    const session = cookies.find((cookie) => cookie.name.endsWith("authjs.session-token"));
    expect(session?.name).toBe("__Secure-authjs.session-token");
    expect(session?.options.secure).toBe(true);
    expect(new URL(redirect).origin).toBe(APP);
  });

  it("follows a trusted proxy's X-Forwarded-Proto: http", async () => {
    const config = await makeConfig();
    const headers = { host: "app.example.com", "x-forwarded-proto": "http" };
    const { cookies } = await createAuth(config).signIn("credentials", {
      headers,
      fields: { username: "victim", password: "pw" },
    });
    const session = cookies.find((cookie) => cookie.name.endsWith("authjs.session-token"));
    expect(session?.name).toBe("authjs.session-token");
  });

  it("keeps http for a loopback Host (local development)", async () => {
    const config = await makeConfig();
    const { cookies, redirect } = await createAuth(config).signIn("credentials", {
      headers: { host: "localhost:3000" },
      fields: { username: "victim", password: "pw" },
    });
    const session = cookies.find((cookie) => cookie.name.endsWith("authjs.session-token"));
    expect(session?.name).toBe("authjs.session-token");
    expect(new URL(redirect).origin).toBe("http://localhost:3000");
  });
});
