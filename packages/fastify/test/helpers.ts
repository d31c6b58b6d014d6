/** Shared setup of the Fastify tests: the test app and a real Fastify server on 127.0.0.1. */
import type { AuthConfig } from "@portcullis/core";
import { FastifyAuth, getSession } from "@portcullis/fastify";
import { type IntegrationApp, TestClient } from "@portcullis/testkit";
import Fastify, { type FastifyInstance, type RouteHandlerMethod } from "fastify";

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

/** Listens on 127.0.0.1 with a port chosen by the system. */
export async function listen(app: FastifyInstance): Promise<IntegrationApp> {
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
