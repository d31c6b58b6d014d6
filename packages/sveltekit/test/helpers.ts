/**
 * Shared setup of the SvelteKit tests: builds the fixture app in test/app with Vite's `build()`
 * into a directory of its own, runs the adapter-node output as a real Node server on 127.0.0.1,
 * and hands out browser-like clients of it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type FixtureLoggers, type FixtureServer, startFixtureProcess } from "@portcullis/testkit";

const APP_DIR = fileURLToPath(new URL("./app", import.meta.url));

/** A built fixture: where its server is, and how to remove everything the build wrote. */
export interface BuiltFixture {
  /** The adapter-node output (`index.js`, `handler.js`, ...). */
  serverDir: string;
  /** Removes the build output and SvelteKit's generated files. */
  remove(): void;
}

/**
 * Builds the fixture with Vite's `build()` (SvelteKit's plugin runs adapter-node at the end).
 * SvelteKit reads svelte.config.js from the working directory, so the build runs in the app's
 * folder and the working directory is restored afterwards (vitest runs test files in forks).
 */
export async function buildFixture(): Promise<BuiltFixture> {
  const out = mkdtempSync(join(APP_DIR, ".out-"));
  const remove = () => rmSync(out, { recursive: true, force: true });
  const previous = { cwd: process.cwd(), out: process.env.PORTCULLIS_FIXTURE_OUT };
  process.env.PORTCULLIS_FIXTURE_OUT = out;
  process.chdir(APP_DIR);
  try {
    const { build } = await import("vite");
    await build({ root: APP_DIR, configFile: join(APP_DIR, "vite.config.ts"), logLevel: "warn" });
  } catch (error) {
    remove();
    throw error;
  } finally {
    process.chdir(previous.cwd);
    if (previous.out === undefined) delete process.env.PORTCULLIS_FIXTURE_OUT;
    else process.env.PORTCULLIS_FIXTURE_OUT = previous.out;
  }
  return { serverDir: join(out, "build"), remove };
}

/**
 * Starts `node build/index.js` on 127.0.0.1 and a free port, with adapter-node reading the
 * origin from X-Forwarded-Proto and X-Forwarded-Host (the test client is the trusted proxy).
 */
export function startFixture(fixture: BuiltFixture, loggers: FixtureLoggers = {}): Promise<FixtureServer> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PROTOCOL_HEADER: "x-forwarded-proto",
    HOST_HEADER: "x-forwarded-host",
  };
  // The broken configuration is broken only while nothing names the app's URL.
  for (const name of ["AUTH_URL", "NEXTAUTH_URL", "AUTH_TRUST_HOST"]) delete env[name];
  return startFixtureProcess({
    entry: join(fixture.serverDir, "index.js"),
    env,
    logFile: join(fixture.serverDir, "errors.log"),
    readyPath: "/auth-info",
    loggers,
    prepare: asBrowserBehindProxy,
  });
}

/**
 * The request as a browser behind the test's reverse proxy sends it: the proxy says the scheme
 * it was reached by (plain http unless the test says otherwise; adapter-node assumes https when
 * the header is missing), and the browser sends the page's Origin with a POST, which SvelteKit's
 * CSRF protection of form submissions requires. A test that sets either header keeps its own.
 */
function asBrowserBehindProxy(request: Request): Request {
  const headers = new Headers(request.headers);
  if (!headers.has("x-forwarded-proto")) headers.set("x-forwarded-proto", "http");
  if (request.method !== "GET" && request.method !== "HEAD" && !headers.has("origin")) {
    const host = headers.get("x-forwarded-host") ?? new URL(request.url).host;
    headers.set("origin", `${headers.get("x-forwarded-proto")}://${host}`);
  }
  return new Request(request, { headers });
}
