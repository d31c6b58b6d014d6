/**
 * Shared setup of the SvelteKit tests: builds the fixture app in test/app with Vite's `build()`
 * into a directory of its own, runs the adapter-node output as a real Node server on 127.0.0.1,
 * and hands out browser-like clients of it.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { AuthConfig } from "@portcullis/core";
import { type IntegrationApp, TestClient } from "@portcullis/testkit";

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

/** A free port on 127.0.0.1, as the system picks it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject()));
    });
  });
}

/** Errors the app logged, by the configuration that logged them. */
interface LoggedError {
  config: "app" | "broken";
  name: string;
  message: string;
}

/** The suite's loggers, which the errors logged in the server process are handed to. */
export interface Loggers {
  app?: AuthConfig["logger"];
  broken?: AuthConfig["logger"];
}

/** A running fixture server, with the errors it logged so far. */
export interface FixtureServer extends IntegrationApp {
  /** Every error the app's configurations logged, oldest first. */
  logged(): LoggedError[];
}

/**
 * Starts `node build/index.js` on 127.0.0.1 and a port chosen now, with adapter-node reading the
 * origin from X-Forwarded-Proto and X-Forwarded-Host (the test client is the trusted proxy).
 */
export async function startFixture(fixture: BuiltFixture, loggers: Loggers = {}): Promise<FixtureServer> {
  const port = await freePort();
  const logFile = join(fixture.serverDir, `errors-${port}.log`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: "127.0.0.1",
    PORT: String(port),
    PROTOCOL_HEADER: "x-forwarded-proto",
    HOST_HEADER: "x-forwarded-host",
    PORTCULLIS_FIXTURE_LOG: logFile,
  };
  // The broken configuration is broken only while nothing names the app's URL.
  for (const name of ["AUTH_URL", "NEXTAUTH_URL", "AUTH_TRUST_HOST"]) delete env[name];
  const child = spawn(process.execPath, [join(fixture.serverDir, "index.js")], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const origin = `http://127.0.0.1:${port}`;
  await listening(child, origin);
  let seen = 0;
  const logged: LoggedError[] = [];
  // The server writes each error before it answers: after every answer, pass the new ones on.
  const collect = () => {
    if (!existsSync(logFile)) return;
    const lines = readFileSync(logFile, "utf8").split("\n").filter(Boolean);
    for (const line of lines.slice(seen)) {
      const entry = JSON.parse(line) as LoggedError;
      logged.push(entry);
      const error = Object.assign(new Error(entry.message), { name: entry.name });
      loggers[entry.config]?.error?.(error);
    }
    seen = lines.length;
  };
  return {
    origin,
    logged: () => {
      collect();
      return logged;
    },
    client: () =>
      new TestClient(async (request) => {
        const response = await fetch(asBrowserBehindProxy(request), { redirect: "manual" });
        collect();
        return response;
      }, origin),
    close: () => stop(child),
  };
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

/** Resolves once the server answers, rejects when it exits first (with its output). */
async function listening(child: ChildProcess, origin: string): Promise<void> {
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`The fixture server exited: ${output}`);
    try {
      await fetch(`${origin}/auth-info`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await stop(child);
  throw new Error(`The fixture server did not start: ${output}`);
}

/** Stops the server process and waits for it to exit. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGTERM");
  });
}
