/**
 * @hono/auth-js's API on Portcullis: apps written as @hono/auth-js's README shows (initAuthConfig
 * on "*", authHandler on the auth routes, verifyAuth on the API, c.get("authUser")), importing
 * from @portcullis/hono, served by @hono/node-server and used over HTTP.
 */
import type { AuthConfig } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { type AuthUser, authHandler, getAuthUser, initAuthConfig, verifyAuth } from "@portcullis/hono";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { ALICE, integrationConfig, SESSION_COOKIE, signInAsAlice, TestClient } from "@portcullis/testkit";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { listen } from "./helpers";

const basePath = "/api/auth";

/** The README's app around a configuration callback, plus `/whoami` reading getAuthUser outside /api. */
function readmeApp(config: () => AuthConfig): Hono {
  const app = new Hono();
  app.use(
    "*",
    initAuthConfig(() => config()),
  );
  app.use("/api/auth/*", authHandler());
  app.use("/api/*", verifyAuth());
  app.get("/api/protected", (c) => c.json(c.get("authUser")));
  app.get("/whoami", async (c) => c.json(await getAuthUser(c)));
  return app;
}

describe("an app written as @hono/auth-js's README shows, on JWT sessions", () => {
  it("signs in with credentials, guards /api with 401 then 200 and the token, signs out", async () => {
    let calls = 0;
    // Built once, outside the callback, as the README advises.
    const config = integrationConfig({
      basePath,
      callbacks: {
        jwt: ({ token, user }) => (user ? { ...token, role: "reader" } : token),
        session: ({ session, token }) => ({ ...session, user: { ...session.user, role: token.role } }),
      },
    });
    const app = readmeApp(() => {
      calls += 1;
      return config;
    });
    const running = await listen(app);
    try {
      const client = running.client();
      const signedOut = await client.get("/api/protected");
      expect(signedOut.status).toBe(401);
      expect(await signedOut.text()).toBe("Unauthorized");
      expect(await (await client.get("/whoami")).json()).toBeNull();

      expect((await signInAsAlice(client, { basePath })).status).toBe(302);
      expect(client.jar.get(SESSION_COOKIE)).toBeTruthy();

      const protectedRoute = await client.get("/api/protected");
      expect(protectedRoute.status).toBe(200);
      const authUser = (await protectedRoute.json()) as AuthUser;
      // The session is the one the /session route answers, the app's callback applied (the
      // expiry rolls on with each read of a JWT session).
      const routeSession = (await client.session(basePath)) as AuthUser["session"];
      expect(authUser.session).toEqual({ ...routeSession, expires: expect.any(String) });
      expect(authUser.session.user).toEqual({ ...ALICE, role: "reader" });
      // The token is the decoded session JWT the session callback was given.
      expect(authUser.token).toMatchObject({ ...ALICE, sub: "u1", role: "reader" });
      expect(authUser.token?.exp).toEqual(expect.any(Number));
      expect(authUser.user).toBeUndefined();
      // getAuthUser outside /api answers the same (each read rolls the JWT on: a new jti and expiry).
      expect(await (await client.get("/whoami")).json()).toMatchObject({
        session: { user: authUser.session.user },
        token: { sub: "u1", role: "reader" },
      });

      const csrfToken = await client.csrfToken(basePath);
      expect((await client.post(`${basePath}/signout`, { form: { csrfToken } })).status).toBe(302);
      expect(client.jar.get(SESSION_COOKIE)).toBeUndefined();
      expect((await client.get("/api/protected")).status).toBe(401);

      // Ten requests: the callback was asked on each, as @hono/auth-js asks it.
      expect(calls).toBe(10);
    } finally {
      await running.close();
    }
  });
});

describe("an app written as @hono/auth-js's README shows, on database sessions", () => {
  it("sets the adapter's user on authUser and normalises the configuration once", async () => {
    const adapter = MemoryAdapter();
    await adapter.createUser!({ id: "u1", ...ALICE, emailVerified: null });
    // The engine calls an adapter factory when it normalises a configuration object, and only then.
    let normalised = 0;
    let calls = 0;
    // The same object on every request (built once outside the callback).
    const config = integrationConfig({
      basePath,
      adapter: () => {
        normalised += 1;
        return adapter;
      },
      session: { strategy: "database" },
    });
    const app = readmeApp(() => {
      calls += 1;
      return config;
    });
    const running = await listen(app);
    try {
      const client = running.client();
      expect((await client.get("/api/protected")).status).toBe(401);
      expect((await signInAsAlice(client, { basePath })).status).toBe(302);
      const authUser = (await (await client.get("/api/protected")).json()) as AuthUser;
      // Without a session callback of the app's: the default one's session, as /session answers it.
      expect(authUser.session).toEqual(await client.session(basePath));
      expect(authUser.session.user).toEqual(ALICE);
      expect(authUser.user).toMatchObject({ id: "u1", ...ALICE });
      expect(authUser.token).toBeUndefined();
      for (let i = 0; i < 5; i++) expect((await client.get("/api/protected")).status).toBe(200);
      // Ten requests, the callback asked on each, its one object normalised once.
      expect(calls).toBe(10);
      expect(normalised).toBe(1);
    } finally {
      await running.close();
    }
  });
});

describe("initAuthConfig's callback, asked on every request as @hono/auth-js asks it", () => {
  const tenants = ["acme", "globex"] as const;
  type Tenant = (typeof tenants)[number];
  /** Each tenant its own secret, provider and session callback; built once per tenant. */
  function tenantConfigs(): Record<Tenant, AuthConfig> {
    const configs = {} as Record<Tenant, AuthConfig>;
    for (const tenant of tenants)
      configs[tenant] = integrationConfig({
        basePath,
        secret: `${tenant}-secret-`.padEnd(40, tenant[0]),
        providers: [
          Credentials({
            id: "credentials",
            name: `${tenant} login`,
            credentials: { username: {}, password: {} },
            authorize: ({ username, password }) =>
              username === "alice" && password === "wonderland" ? { id: "u1", ...ALICE } : null,
          }),
        ],
        callbacks: { session: ({ session }) => ({ ...session, tenant }) },
      });
    return configs;
  }

  it("serves each tenant, picked from the request's host, its own configuration", async () => {
    const configs = tenantConfigs();
    const seen: Record<string, AuthConfig[]> = { acme: [], globex: [] };
    const app = new Hono();
    app.use(
      "*",
      initAuthConfig((c) => configs[new URL(c.req.url).hostname.split(".")[0] as Tenant]),
    );
    app.use("*", async (c, next) => {
      seen[new URL(c.req.url).hostname.split(".")[0]!]!.push(c.get("authConfig"));
      await next();
    });
    app.use("/api/auth/*", authHandler());
    app.get("/whoami", async (c) => c.json(await getAuthUser(c)));
    const acme = new TestClient(async (request) => app.fetch(request), "http://acme.example");
    const globex = new TestClient(async (request) => app.fetch(request), "http://globex.example");

    // Alternating: each request is served by its own host's configuration, not the first one's.
    for (const [client, tenant] of [
      [acme, "acme"],
      [globex, "globex"],
      [acme, "acme"],
    ] as const) {
      const providers = (await (await client.get(`${basePath}/providers`)).json()) as Record<
        string,
        { name: string }
      >;
      expect(providers.credentials?.name).toBe(`${tenant} login`);
    }

    expect((await signInAsAlice(acme, { basePath })).status).toBe(302);
    const cookie = acme.jar.get(SESSION_COOKIE)!;
    expect(cookie).toBeTruthy();
    // acme's callbacks answer acme's session...
    expect(await (await acme.get("/whoami")).json()).toMatchObject({
      session: { user: ALICE, tenant: "acme" },
    });
    // ...and acme's session cookie, sealed with acme's secret, is no session at globex.
    const elsewhere = await globex.get("/whoami", { headers: { cookie: `${SESSION_COOKIE}=${cookie}` } });
    expect(await elsewhere.json()).toBeNull();
    expect((await signInAsAlice(globex, { basePath })).status).toBe(302);
    expect(await (await globex.get("/whoami")).json()).toMatchObject({ session: { tenant: "globex" } });

    // Each tenant's object was built into one engine configuration, kept across its requests.
    for (const tenant of tenants) {
      expect(new Set(seen[tenant]).size, tenant).toBe(1);
      expect(seen[tenant]![0]).not.toBe(configs[tenant]);
    }
    expect(seen.acme![0]).not.toBe(seen.globex![0]);
  });

  it("stays correct when the callback answers a new object on each request, normalised each time", async () => {
    const adapter = MemoryAdapter();
    await adapter.createUser!({ id: "u1", ...ALICE, emailVerified: null });
    let normalised = 0;
    const app = readmeApp(() =>
      integrationConfig({
        basePath,
        adapter: () => {
          normalised += 1;
          return adapter;
        },
        session: { strategy: "database" },
        callbacks: {
          session: ({ session, user }) => ({ ...session, user: { ...session.user, id: user.id } }),
        },
      }),
    );
    const running = await listen(app);
    try {
      const client = running.client();
      expect((await client.get("/api/protected")).status).toBe(401);
      expect((await signInAsAlice(client, { basePath })).status).toBe(302);
      const authUser = (await (await client.get("/api/protected")).json()) as AuthUser;
      expect(authUser.session.user).toMatchObject({ ...ALICE, id: "u1" });
      expect(authUser.user).toMatchObject({ id: "u1", ...ALICE });
      // The cost the README warns of: each new object is normalised anew.
      expect(normalised).toBeGreaterThan(1);
    } finally {
      await running.close();
    }
  });
});
