/**
 * A framework's built fixture app run as a real server in a process of its own (SvelteKit's
 * adapter-node output, SolidStart's node-server output...), with the errors its configurations
 * log handed back to the test's loggers, which live in the test process.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import type { AuthConfig, WarningCode } from "@portcullis/core";
import { afterAll, beforeAll } from "vitest";
import { TestClient } from "./client";
import type { FixtureConfigName } from "./integration-fixture";
import { type IntegrationApp, runIntegrationTests } from "./integration-suite";
import { freePort, stopProcess } from "./system";

/** One error a fixture app logged. */
export interface FixtureLoggedError {
  config: FixtureConfigName;
  name: string;
  message: string;
}

/** A warning code one of a fixture app's configurations logged (a line of the fixture log). */
export interface FixtureLoggedWarning {
  config: FixtureConfigName;
  warning: WarningCode;
}

/** The test's loggers, which the errors logged in the server process are handed to. */
export type FixtureLoggers = Partial<Record<FixtureConfigName, AuthConfig["logger"]>>;

/** A running fixture server, with the errors it logged so far. */
export interface FixtureServer extends IntegrationApp {
  /** Every error the app's configurations logged, oldest first. */
  logged(): FixtureLoggedError[];
  /** Every warning code the app's configurations logged, oldest first. */
  warned(): FixtureLoggedWarning[];
}

/** How to run a fixture server. */
export interface FixtureProcessOptions {
  /** The server's entry file, run with this process's `node`. */
  entry: string;
  /** Arguments after the entry (e.g. `next start`'s); default none. */
  args?: string[];
  /** Its environment; `HOST` (127.0.0.1), `PORT` and `PORTCULLIS_FIXTURE_LOG` are added. */
  env: NodeJS.ProcessEnv;
  /** Where the app's `fixtureLogger`s write; it must not exist yet. */
  logFile: string;
  /** A path that answers once the server is up. */
  readyPath: string;
  /** The test's loggers; default none. */
  loggers?: FixtureLoggers;
  /** Turns each request of the test clients into what goes on the wire (e.g. proxy headers). */
  prepare?: (request: Request) => Request;
  /** The port to serve on, when the test must know it first (an identity provider's redirect URI); default a free one. */
  port?: number;
}

/**
 * Starts a built fixture app with `node` on 127.0.0.1 and a free port, waits until `readyPath`
 * answers, and returns browser-like clients of it (not following redirects) that pass the errors
 * the app logged to `loggers` after every answer.
 *
 * @param options The entry, environment, log file and readiness path.
 * @returns The running server; `close()` stops the process and waits for it.
 * @throws When the process exits before answering, or does not answer within 10 s (with its
 * output in the message).
 * @example
 * ```ts
 * const server = await startFixtureProcess({ entry: "build/index.js", env: process.env, logFile, readyPath: "/" })
 * ```
 */
export async function startFixtureProcess(options: FixtureProcessOptions): Promise<FixtureServer> {
  const { logFile, loggers = {}, prepare = (request) => request } = options;
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, [options.entry, ...(options.args ?? [])], {
    env: { ...options.env, HOST: "127.0.0.1", PORT: String(port), PORTCULLIS_FIXTURE_LOG: logFile },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const origin = `http://127.0.0.1:${port}`;
  await listening(child, `${origin}${options.readyPath}`);
  let seen = 0;
  const logged: FixtureLoggedError[] = [];
  const warned: FixtureLoggedWarning[] = [];
  const collect = () => {
    if (!existsSync(logFile)) return;
    const lines = readFileSync(logFile, "utf8").split("\n").filter(Boolean);
    for (const line of lines.slice(seen)) {
      const entry = JSON.parse(line) as FixtureLoggedError | FixtureLoggedWarning;
      if ("warning" in entry) {
        warned.push(entry);
        loggers[entry.config]?.warn?.(entry.warning);
        continue;
      }
      logged.push(entry);
      loggers[entry.config]?.error?.(Object.assign(new Error(entry.message), { name: entry.name }));
    }
    seen = lines.length;
  };
  return {
    origin,
    logged: () => {
      collect();
      return logged;
    },
    warned: () => {
      collect();
      return warned;
    },
    client: () =>
      new TestClient(async (request) => {
        const response = await fetch(prepare(request), { redirect: "manual" });
        collect();
        return response;
      }, origin),
    close: () => stopProcess(child, "SIGTERM"),
  };
}

/** A fixture app's build output, which the test removes when done. */
export interface BuiltFixtureApp {
  remove(): void | Promise<void>;
}

/**
 * Registers this test file's `beforeAll`/`afterAll`: builds the fixture app and starts its server
 * before the tests, stops the server and removes the build after them.
 *
 * @param build Builds the app (a framework build takes seconds: the hook allows `timeout` ms).
 * @param start Starts the built app's server.
 * @param timeout The `beforeAll` timeout in ms; default 180,000.
 * @returns The running server, for use inside tests; throws when it did not start.
 * @example
 * ```ts
 * const app = useFixtureServer(buildFixture, (built) => startFixture(built))
 * it("answers", async () => expect((await app().client().get("/me")).status).toBe(401))
 * ```
 */
export function useFixtureServer<Built extends BuiltFixtureApp>(
  build: () => Promise<Built>,
  start: (built: Built) => Promise<FixtureServer>,
  timeout = 180_000,
): () => FixtureServer {
  let built: Built | undefined;
  let server: FixtureServer | undefined;
  beforeAll(async () => {
    built = await build();
    server = await start(built);
  }, timeout);
  afterAll(async () => {
    await server?.close();
    await built?.remove();
  });
  return () => {
    if (!server) throw new Error("The fixture server did not start.");
    return server;
  };
}

/**
 * Runs the integration conformance suite against a built fixture app: builds it before the suite
 * starts its server (under `timeout`), starts the server with the suite's loggers (the app builds
 * its own copy of the suite's configuration, the same `integrationConfig`), removes the build
 * after.
 *
 * @param name The suite's name.
 * @param build Builds the app.
 * @param start Starts the built app's server, handing its logged errors to `loggers`.
 * @param timeout The build's `beforeAll` timeout in ms; default 180,000.
 * @example
 * ```ts
 * runIntegrationTestsOnFixture("SvelteKitAuth in a built app", buildFixture, startFixture)
 * ```
 */
export function runIntegrationTestsOnFixture<Built extends BuiltFixtureApp>(
  name: string,
  build: () => Promise<Built>,
  start: (built: Built, loggers: FixtureLoggers) => Promise<FixtureServer>,
  timeout = 180_000,
): void {
  let built: Built | undefined;
  // Registered before the suite's own beforeAll, which calls `start`.
  beforeAll(async () => {
    built = await build();
  }, timeout);
  afterAll(() => built?.remove());
  runIntegrationTests({
    name,
    fixedConfiguration: true,
    start: async (config, { broken }) => {
      if (!built) throw new Error(`${name}: the fixture app was not built.`);
      return start(built, { app: config.logger, broken: broken.logger });
    },
  });
}

/** Resolves once `url` answers; rejects when the process exits first or after 10 s. */
async function listening(child: ChildProcess, url: string): Promise<void> {
  let output = "";
  const keep = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  for (let attempt = 0; attempt < 200; attempt++) {
    if (child.exitCode !== null) throw new Error(`The fixture server exited: ${output}`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  await stopProcess(child, "SIGTERM");
  throw new Error(`The fixture server did not start: ${output}`);
}
