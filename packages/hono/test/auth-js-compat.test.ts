/**
 * @hono/auth-js's API on Portcullis: apps written as @hono/auth-js's README shows (initAuthConfig
 * on "*", authHandler on the auth routes, verifyAuth on the API, c.get("authUser")), importing
 * from @portcullis/hono, served by @hono/node-server and used over HTTP.
 */
import type { AuthConfig } from "@portcullis/core";
import { type AuthUser, authHandler, getAuthUser, initAuthConfig, verifyAuth } from "@portcullis/hono";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { ALICE, integrationConfig, SESSION_COOKIE, signInAsAlice } from "@portcullis/testkit";
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
    let built = 0;
    const app = readmeApp(() => {
      built += 1;
      // A fresh object per call, as a callback building it from c.env makes.
      return integrationConfig({
        basePath,
        callbacks: {
          jwt: ({ token, user }) => (user ? { ...token, role: "reader" } : token),
          session: ({ session, token }) => ({ ...session, user: { ...session.user, role: token.role } }),
        },
      });
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

      // Ten requests, one configuration: the callback's object was built (and normalised) once.
      expect(built).toBe(1);
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
    const app = readmeApp(() =>
      integrationConfig({
        basePath,
        adapter: () => {
          normalised += 1;
          return adapter;
        },
        session: { strategy: "database" },
      }),
    );
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
      expect(normalised).toBe(1);
    } finally {
      await running.close();
    }
  });
});
