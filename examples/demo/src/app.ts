/**
 * The demo app: a plain node:http server on an embedded SQLite database, with credentials
 * (database sessions), magic links and, when configured, GitHub and Google.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Auth, requestOrigin, type Session } from "@portcullis/core";
import { requestFromNode, responseToNode } from "@portcullis/core/node";
import { authConfig, type MagicLinkSink } from "./auth";
import { openDatabase, setPassword } from "./db";
import { homePage, privatePage } from "./pages";

/** Options of {@link startDemo}. */
export interface DemoOptions {
  port: number;
  /** The SQLite file (created when missing). */
  databaseFile: string;
  onMagicLink?: MagicLinkSink;
  /** Listen on this host; default all interfaces. */
  host?: string;
}

/** Starts the demo; resolves once it listens, with its URL and a way to stop it. */
export async function startDemo(
  options: DemoOptions,
): Promise<{ url: string; server: Server; stop(): Promise<void> }> {
  const db = await openDatabase(options.databaseFile);
  const config = authConfig(db, options.onMagicLink);
  await seedDemoUser(config.adapter as NonNullable<Exclude<typeof config.adapter, () => unknown>>, db);

  async function sessionOf(request: Request): Promise<Session | null> {
    const response = await Auth(
      new Request(new URL("/auth/session", request.url), { headers: request.headers }),
      config,
    );
    return response.ok ? ((await response.json()) as Session | null) : null;
  }

  async function route(request: Request): Promise<Response> {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/auth/")) return Auth(request, config);
    const html = (body: string, status = 200) =>
      new Response(body, { status, headers: { "Content-Type": "text/html; charset=utf-8" } });
    const session = await sessionOf(request);
    if (pathname === "/") return html(homePage(session));
    if (pathname === "/private") {
      if (session) return html(privatePage(session));
      return Response.redirect(
        new URL(`/auth/signin?callbackUrl=${encodeURIComponent("/private")}`, request.url),
        302,
      );
    }
    return html("<h1>Not found</h1>", 404);
  }

  const server = createServer(async (req, res) => {
    try {
      // The body is streamed on demand and capped at the core's limit: an oversized post to the
      // auth routes gets the core's 413, and no route ever buffers a giant body.
      const origin = requestOrigin("http", req.headers.host ?? `localhost:${options.port}`);
      const response = origin
        ? await route(requestFromNode(req, { origin }))
        : Response.json("Bad request.", { status: 400 });
      await responseToNode(res, response);
    } catch (error) {
      console.error(error);
      // Mid-stream the connection is already cut; a status can only be sent before.
      if (!res.headersSent) res.writeHead(500).end("Internal error");
    }
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
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
