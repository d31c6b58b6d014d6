/** Shared setup of the Hono tests: the test app and a real Hono app on @hono/node-server. */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { AuthConfig } from "@portcullis/core";
import { getSession, HonoAuth } from "@portcullis/hono";
import { type IntegrationApp, TestClient } from "@portcullis/testkit";
import { type Handler, Hono } from "hono";

/** The app: HonoAuth on `/auth/*`, `/me` answering the session or 401, `/me-broken` with a second config. */
export function buildApp(cfg: AuthConfig, brokenConfig?: AuthConfig): Hono {
  const app = new Hono();
  app.on(["GET", "POST"], "/auth/*", HonoAuth(cfg));
  const protect =
    (routeConfig: AuthConfig): Handler =>
    async (c) => {
      const session = await getSession(c, routeConfig);
      return session ? c.json(session) : c.json({ error: "unauthenticated" }, 401);
    };
  app.get("/me", protect(cfg));
  if (brokenConfig) app.get("/me-broken", protect(brokenConfig));
  return app;
}

/** Serves the app on 127.0.0.1 with a port chosen by the system. */
export async function listen(app: Hono): Promise<IntegrationApp> {
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>(
    (resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, (info: AddressInfo) =>
        resolve({ server: s, port: info.port }),
      );
    },
  );
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    client: () => new TestClient((request) => fetch(request, { redirect: "manual" }), origin),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // fetch keeps sockets alive; without this close() waits for them to time out.
        if ("closeAllConnections" in server) server.closeAllConnections();
      }),
  };
}
