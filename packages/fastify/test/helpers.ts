/** Shared setup of the Fastify tests: a credentials config and a real Fastify server on 127.0.0.1. */
import { connect } from "node:net";
import type { AuthConfig } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import { FastifyAuth, getSession } from "@portcullis/fastify";
import { TestClient } from "@portcullis/testkit";
import Fastify, { type FastifyInstance, type RouteHandlerMethod } from "fastify";

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
  /** Registration prefix of FastifyAuth (default `/auth`). */
  prefix?: string;
  /** Fastify's `trustProxy` option. */
  trustProxy?: boolean;
  /** A second protected route, `/me-broken`, reading the session with this config. */
  brokenConfig?: AuthConfig;
}

/**
 * The app: FastifyAuth under the prefix, `/me` answering the session or 401, and `/echo` answering
 * a JSON body as Fastify's own parser read it.
 */
export async function buildApp(cfg: AuthConfig, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({ trustProxy: options.trustProxy ?? false });
  await app.register(FastifyAuth(cfg), { prefix: options.prefix ?? "/auth" });
  const protect =
    (routeConfig: AuthConfig): RouteHandlerMethod =>
    async (request, reply) => {
      const session = await getSession(request, routeConfig);
      return session ?? reply.status(401).send({ error: "unauthenticated" });
    };
  app.get("/me", protect(cfg));
  if (options.brokenConfig) app.get("/me-broken", protect(options.brokenConfig));
  app.post("/echo", async (request) => ({ parsed: request.body }));
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
export async function listen(app: FastifyInstance): Promise<RunningApp> {
  const origin = (await app.listen({ port: 0, host: "127.0.0.1" })).replace(/\/$/, "");
  return {
    origin,
    client: () => new TestClient((request) => fetch(request, { redirect: "manual" }), origin),
    close: async () => {
      // fetch keeps sockets alive; without this close() waits for them to time out.
      app.server.closeAllConnections();
      await app.close();
    },
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
