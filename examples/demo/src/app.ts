/**
 * The demo app: a plain node:http server on an embedded SQLite database, with credentials
 * (database sessions), magic links and, when configured, GitHub and Google.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Auth, createAuth, requestOrigin, setCookieHeader } from "@portcullis/core";
import { requestFromNode, responseToNode } from "@portcullis/core/node";
import { authConfig, type MagicLinkSink } from "./auth";
import { openDatabase, setPassword } from "./db";
import { faviconResponse } from "./favicon";
import { homePage, notFoundPage, privatePage } from "./pages";
import { refuse } from "./refusal";
import { sessionRoute } from "./session-routes";

/** Options of {@link startDemo}. */
export interface DemoOptions {
  port: number;
  /** The SQLite file (created when missing). */
  databaseFile: string;
  onMagicLink?: MagicLinkSink;
  /** Listen on this host; default all interfaces. */
  host?: string;
}

/**
 * Starts the demo; resolves once it listens, with its URL and a way to stop it.
 *
 * @throws The server's listen error (e.g. `code: "EADDRINUSE"` when the port is taken), with
 * the database closed again.
 * @example
 * ```ts
 * const demo = await startDemo({ port: 0, databaseFile: "/tmp/demo.sqlite" });
 * await demo.stop();
 * ```
 */
export async function startDemo(
  options: DemoOptions,
): Promise<{ url: string; server: Server; stop(): Promise<void> }> {
  const db = await openDatabase(options.databaseFile);
  // No proxy stands in front of the demo, so the peer of the connection is the client: its
  // address is what the per-client rate limits count. (Behind a proxy, the peer would be the
  // proxy, and every visitor would share one count.)
  const peerAddresses = new WeakMap<Request, string>();
  const config = authConfig(db, {
    onMagicLink: options.onMagicLink,
    clientAddress: (request) => peerAddresses.get(request),
  });
  await seedDemoUser(config.adapter as NonNullable<Exclude<typeof config.adapter, () => unknown>>, db);

  const auth = createAuth(config);

  async function route(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname.startsWith("/auth/")) return Auth(request, config);
    if (url.pathname === "/favicon.ico") return faviconResponse();
    const sessionAnswer = await sessionRoute(request, auth);
    if (sessionAnswer) return sessionAnswer;
    const { session, cookies } = await auth.session({ headers: request.headers });
    const html = (body: string, status = 200) => {
      const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
      // The engine may have extended the session: its refreshed cookie goes with the page.
      for (const cookie of cookies) headers.append("Set-Cookie", setCookieHeader(cookie));
      return new Response(body, { status, headers });
    };
    if (url.pathname === "/") {
      // "Sign out everywhere" lands here signed out: the count is confirmed either way.
      if (!session) return html(homePage(null, { sessions: [], revoked: revokedCount(url) }));
      const sessions = (await auth.listSessions({ headers: request.headers })) ?? [];
      const passkeys = await passkeyCount(config, session.user?.email);
      return html(homePage(session, { sessions, revoked: revokedCount(url), passkeys }));
    }
    if (url.pathname === "/private") {
      if (session) return html(privatePage(session));
      // Relative: an absolute URL would be built on the Host header, which the client writes.
      const signIn = `/auth/signin?callbackUrl=${encodeURIComponent("/private")}`;
      return new Response(null, { status: 302, headers: { Location: signIn } });
    }
    return html(notFoundPage(session), 404);
  }

  /** The answer to a node:http request, or its refusal when it cannot be read as a URL of the demo. */
  async function answer(req: IncomingMessage): Promise<Response> {
    const method = req.method ?? "GET";
    const target = req.url ?? "/";
    // Absolute-form (`GET http://host/ HTTP/1.1`, what clients send a proxy) and `OPTIONS *` are
    // valid HTTP, but name no page of the demo.
    if (!target.startsWith("/"))
      return refuse(method, target, 400, "The request target must be a path, such as /.");
    const origin = requestOrigin("http", req.headers.host ?? `localhost:${options.port}`);
    if (!origin) return refuse(method, target, 400, "The Host header is not a host name.");
    // The body is streamed on demand and capped at the core's limit: an oversized post gets a
    // 413, and no route ever buffers a giant body.
    const request = requestFromNode(req, { origin });
    if (req.socket.remoteAddress) peerAddresses.set(request, req.socket.remoteAddress);
    return route(request);
  }

  const server = createServer(async (req, res) => {
    try {
      await responseToNode(res, await answer(req));
    } catch (error) {
      console.error(error);
      // Mid-stream the connection is already cut; a status can only be sent before.
      if (!res.headersSent) res.writeHead(500).end("Internal error");
    }
  });
  try {
    await listen(server, options.port, options.host);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    server,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
    },
  };
}

/** Waits until the server listens, or rejects with the error that stopped it (e.g. EADDRINUSE). */
function listen(server: Server, port: number, host: string | undefined): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

/** The `?revoked=N` a session route sends home with, when it is a count. */
function revokedCount(url: URL): number | undefined {
  const value = url.searchParams.get("revoked");
  return value !== null && /^\d{1,6}$/.test(value) ? Number(value) : undefined;
}

/** How many passkeys the user with this address has (the session names the user by address). */
async function passkeyCount(config: ReturnType<typeof authConfig>, email: string | null | undefined) {
  const adapter = config.adapter as NonNullable<Exclude<typeof config.adapter, () => unknown>>;
  const user = email ? await adapter.getUserByEmail!(email) : null;
  return user ? (await adapter.listAuthenticatorsByUserId!(user.id)).length : 0;
}

/** The demo user: alice@example.com / wonderland. */
async function seedDemoUser(
  adapter: NonNullable<Exclude<ReturnType<typeof authConfig>["adapter"], () => unknown>>,
  db: Parameters<typeof setPassword>[0],
) {
  if (!(await adapter.getUserByEmail!("alice@example.com"))) {
    await adapter.createUser!({
      id: crypto.randomUUID(),
      email: "alice@example.com",
      name: "Alice",
      emailVerified: null,
    });
  }
  await setPassword(db, "alice@example.com", "wonderland");
}
