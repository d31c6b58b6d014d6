/** Shared setup of the Express tests: the test app and a real Express server on 127.0.0.1. */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { AuthConfig } from "@portcullis/core";
import { ExpressAuth, getSession } from "@portcullis/express";
import { type IntegrationApp, TestClient } from "@portcullis/testkit";
import express from "express";

/** The Express module to build on: Express 5 (the default) or Express 4 (installed as `express4`). */
export type ExpressModule = typeof express;

/** How the test app is put together. */
export interface AppOptions {
  /** Express 4 or 5 (default: 5). */
  express?: ExpressModule;
  /** Mount path of ExpressAuth (default `/auth`); a wildcard such as `/auth/*` is mounted as given. */
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
  const framework = options.express ?? express;
  const app = framework();
  if (options.trustProxy) app.set("trust proxy", "loopback");
  if (options.parsers) app.use(framework.urlencoded(), framework.json());
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

/** Listens on 127.0.0.1 with a port chosen by the system. */
export async function listen(app: express.Express): Promise<IntegrationApp> {
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
