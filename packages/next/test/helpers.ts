/**
 * Shared setup of the Next.js tests: `next build` of the fixture app (test/app) into a temporary
 * directory, and a real Next.js production server for it on 127.0.0.1.
 *
 * The server is Next.js's own (`next()`, what `next start` runs), started in the test's process:
 * the integration suite hands the app configuration objects (with loggers it inspects), and the
 * fixture's routes read them from a global slot (see app/fixture.ts).
 */
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { AuthConfig } from "@portcullis/core";
import type { NextAuthConfig } from "@portcullis/next";
import { type IntegrationApp, run, TestClient } from "@portcullis/testkit";
import next from "next";
import { type FixtureConfigs, setFixtureConfigs } from "./app/fixture";

const APP_DIR = fileURLToPath(new URL("./app", import.meta.url));
const REPO_ROOT = join(APP_DIR, "../../../..");
// Generated on every build, always in the app directory; removed afterwards unless it was there.
const NEXT_ENV = join(APP_DIR, "next-env.d.ts");

/** A build of the fixture app; `remove()` deletes everything the build wrote. */
export interface FixtureBuild {
  /** How long `next build` took, in milliseconds. */
  buildMs: number;
  remove(): Promise<void>;
}

/**
 * Runs `next build` on the fixture app. The output goes to a fresh directory under
 * node_modules/.cache (Next.js wants it inside the workspace; git ignores node_modules), and the
 * environment names it for the server started later in this process.
 */
export async function buildFixture(): Promise<FixtureBuild> {
  const outDir = join(REPO_ROOT, "node_modules", ".cache", `portcullis-next-${randomUUID()}`);
  await mkdir(outDir, { recursive: true });
  const hadNextEnv = existsSync(NEXT_ENV);
  process.env.PORTCULLIS_NEXT_DIST_DIR = relative(APP_DIR, join(outDir, "dist"));
  process.env.PORTCULLIS_NEXT_TSCONFIG = relative(APP_DIR, join(outDir, "tsconfig.json"));
  const remove = async () => {
    await rm(outDir, { recursive: true, force: true });
    if (!hadNextEnv) await rm(NEXT_ENV, { force: true });
  };
  // Turbopack reads the tsconfig before Next.js fills it in: start from an empty one.
  await writeFile(join(outDir, "tsconfig.json"), '{ "compilerOptions": {} }\n');
  const started = performance.now();
  try {
    await run(process.execPath, [nextBin(), "build", APP_DIR], {
      env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1" },
    });
  } catch (error) {
    await remove();
    throw error;
  }
  return { buildMs: performance.now() - started, remove };
}

function nextBin(): string {
  return join(dirname(fileURLToPath(import.meta.resolve("next/package.json"))), "dist/bin/next");
}

/** The running fixture server; `use` swaps the configurations its routes read. */
export interface FixtureServer {
  origin: string;
  use(configs: FixtureConfigs): void;
  client(): TestClient;
  close(): Promise<void>;
}

/** Starts Next.js's production server for the built fixture on 127.0.0.1 and a free port. */
export async function startFixture(): Promise<FixtureServer> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", resolve);
  });
  const { port } = server.address() as AddressInfo;
  const app = next({ dev: false, dir: APP_DIR, hostname: "127.0.0.1", port, httpServer: server });
  await app.prepare();
  const handle = app.getRequestHandler();
  server.on("request", (req, res) => {
    void handle(req, res);
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    use: setFixtureConfigs,
    client: () => new TestClient((request) => fetch(request, { redirect: "manual" }), origin),
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        // fetch keeps sockets alive; without this close() waits for them to time out.
        server.closeAllConnections();
      });
      await app.close();
    },
  };
}

/** The server as the integration suite sees it: closing is left to the test file's afterAll. */
export function asIntegrationApp(server: FixtureServer): IntegrationApp {
  return { origin: server.origin, client: server.client, close: async () => {} };
}

/**
 * The configuration with the fixture proxy's `authorized` callback: `/protected` needs a session,
 * every other path is let through. Its routes are at `/auth` (app/auth/[...nextauth]), the path
 * the shared integration suite requests, rather than Next's default `/api/auth`.
 */
export function withProtectedRoute(config: AuthConfig): NextAuthConfig {
  return {
    basePath: "/auth",
    ...config,
    callbacks: {
      ...config.callbacks,
      authorized: ({ auth, request }) => !request.nextUrl.pathname.startsWith("/protected") || auth !== null,
    },
  };
}
