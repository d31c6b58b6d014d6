/** Shared setup of the Hono tests: a credentials config and a real Hono app on @hono/node-server. */
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import type { AuthConfig } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { getSession, HonoAuth } from "@portcullis/hono";
import { TestClient } from "@portcullis/testkit";
import { type Handler, Hono } from "hono";

export const SECRET = "test-secret-with-at-least-thirty-two-chars";
export const SESSION_COOKIE = "authjs.session-token";

/** A credentials provider accepting alice/wonderland. */
export const credentials = Credentials({
  credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
  authorize: async (input) =>
    input.username === "alice" && input.password === "wonderland"
      ? { id: "u1", name: "Alice", email: "alice@example.com" }
      : null,
});

/** A fresh config (a new object, so nothing is shared through the core's per-config cache). */
export function config(overrides: Partial<AuthConfig> = {}): AuthConfig {
  return { secret: SECRET, trustHost: true, providers: [credentials], ...overrides };
}

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

/** A listening app. */
export interface RunningApp {
  origin: string;
  /** A fresh browser-like client (own cookie jar) for the app. */
  client(): TestClient;
  close(): Promise<void>;
}

/** Serves the app on 127.0.0.1 with a port chosen by the system. */
export async function listen(app: Hono): Promise<RunningApp> {
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

/** Signs in as alice through the credentials callback (form or JSON body); returns the response. */
export async function signIn(
  client: TestClient,
  options: { json?: boolean; headers?: Record<string, string> } = {},
): Promise<Response> {
  // Fetched with the same headers: behind https the CSRF cookie has another name.
  const csrf = await client.get("/auth/csrf", { headers: options.headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const fields = { csrfToken, username: "alice", password: "wonderland", callbackUrl: "/dashboard" };
  return client.post("/auth/callback/credentials", {
    headers: options.headers,
    ...(options.json ? { json: fields } : { form: fields }),
  });
}
