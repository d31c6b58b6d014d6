/** Shared setup of the Express tests: a credentials config and a real Express server on 127.0.0.1. */

import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import type { AuthConfig } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { ExpressAuth, getSession } from "@portcullis/express";
import { TestClient } from "@portcullis/testkit";
import express from "express";

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

/** How the test app is put together. */
export interface AppOptions {
  /** Mount path of ExpressAuth (default `/auth`). */
  mount?: string;
  /** Run `express.urlencoded()` and `express.json()` before the auth middleware. */
  parsers?: boolean;
  /** `app.set("trust proxy", "loopback")`. */
  trustProxy?: boolean;
  /** Bodies the auth middleware was handed, as `req.body` (only with `parsers`). */
  seenBodies?: unknown[];
  /** A second protected route, `/me-broken`, reading the session with this config. */
  brokenConfig?: AuthConfig;
}

/** The app: auth middleware at the mount path and `/me`, answering the session or 401. */
export function buildApp(cfg: AuthConfig, options: AppOptions = {}): express.Express {
  const mount = options.mount ?? "/auth";
  const app = express();
  if (options.trustProxy) app.set("trust proxy", "loopback");
  if (options.parsers) app.use(express.urlencoded(), express.json());
  if (options.seenBodies) {
    const seen = options.seenBodies;
    app.use(mount, (req, _res, next) => {
      if (req.method === "POST") seen.push(req.body);
      next();
    });
  }
  app.use(mount, ExpressAuth(cfg));
  const protect = (routeConfig: AuthConfig): express.RequestHandler => {
    return async (req, res) => {
      const session = await getSession(req, routeConfig);
      if (session) res.json(session);
      else res.status(401).json({ error: "unauthenticated" });
    };
  };
  app.get("/me", protect(cfg));
  if (options.brokenConfig) app.get("/me-broken", protect(options.brokenConfig));
  return app;
}

/** A listening app. */
export interface RunningApp {
  origin: string;
  /** A fresh browser-like client (own cookie jar) for the app. */
  client(): TestClient;
  close(): Promise<void>;
}

/** Listens on 127.0.0.1 with a port chosen by the system. */
export async function listen(app: express.Express): Promise<RunningApp> {
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(0, "127.0.0.1", (error?: Error) => (error ? reject(error) : resolve(s)));
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    client: () => new TestClient((request) => fetch(request, { redirect: "manual" }), origin),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // fetch keeps sockets alive; without this close() waits for them to time out.
        server.closeAllConnections();
      }),
  };
}

/** Signs in as alice through the credentials callback (form or JSON body); returns the response. */
export async function signIn(
  client: TestClient,
  options: { basePath?: string; json?: boolean; headers?: Record<string, string> } = {},
): Promise<Response> {
  const basePath = options.basePath ?? "/auth";
  // Fetched with the same headers: behind https the CSRF cookie has another name.
  const csrf = await client.get(`${basePath}/csrf`, { headers: options.headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const fields = { csrfToken, username: "alice", password: "wonderland", callbackUrl: "/dashboard" };
  return client.post(`${basePath}/callback/credentials`, {
    headers: options.headers,
    ...(options.json ? { json: fields } : { form: fields }),
  });
}

/** A GET sent over a bare socket, so the Host header can be one fetch would refuse; answers the status. */
export function rawGet(origin: string, path: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(origin).port), "127.0.0.1", () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
    });
    let head = "";
    socket.on("data", (chunk) => {
      head += chunk;
    });
    socket.on("error", reject);
    socket.on("end", () => resolve(Number(head.split(" ")[1])));
  });
}
