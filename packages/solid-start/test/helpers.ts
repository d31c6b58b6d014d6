/**
 * Shared setup of the SolidStart tests: builds the fixture app in test/app with `vinxi build`
 * (a copy of it, so the build's .vinxi/ and .output/ stay out of the repository and two test files
 * can build at once), runs the node-server output as a real Node server on 127.0.0.1, and hands
 * out browser-like clients of it.
 */
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type FixtureLoggers, type FixtureServer, run, startFixtureProcess } from "@portcullis/testkit";

const TEST_DIR = fileURLToPath(new URL(".", import.meta.url));
const VINXI = fileURLToPath(new URL("../../../node_modules/.bin/vinxi", import.meta.url));

/** A built fixture: where it is, and how to remove everything the build wrote. */
export interface BuiltFixture {
  /** The built copy of test/app, holding `.output/server/index.mjs`. */
  appDir: string;
  /** Removes the copy with its build output. */
  remove(): void;
}

/**
 * The environment of the build and of the server: the test runner's own variables (NODE_ENV=test,
 * VITEST...) would change what vinxi builds, and the broken configuration is broken only while
 * nothing names the app's URL or trusts its host.
 */
function childEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) {
    if (name === "NODE_ENV" || name.startsWith("VITE") || name.startsWith("AUTH_")) delete env[name];
  }
  delete env.NEXTAUTH_URL;
  return { ...env, ...extra };
}

/**
 * Builds the fixture with `vinxi build` in a fresh copy of test/app next to it (the same depth, so
 * its app.config.ts finds the workspace packages and node_modules the same way).
 */
export async function buildFixture(): Promise<BuiltFixture> {
  const appDir = mkdtempSync(join(TEST_DIR, ".build-"));
  const remove = () => rmSync(appDir, { recursive: true, force: true });
  try {
    cpSync(join(TEST_DIR, "app"), appDir, { recursive: true });
    await run(process.execPath, [VINXI, "build"], { cwd: appDir, env: childEnv() });
  } catch (error) {
    remove();
    throw error;
  }
  return { appDir, remove };
}

/**
 * Starts `node .output/server/index.mjs` on 127.0.0.1 and a free port. The server builds
 * `event.request.url` from X-Forwarded-Proto itself; the core honours X-Forwarded-Host under
 * trustHost (the test client is the trusted proxy).
 */
export function startFixture(fixture: BuiltFixture, loggers: FixtureLoggers = {}): Promise<FixtureServer> {
  return startFixtureProcess({
    entry: join(fixture.appDir, ".output", "server", "index.mjs"),
    env: childEnv(),
    logFile: join(fixture.appDir, "errors.log"),
    readyPath: "/auth-info",
    loggers,
  });
}
