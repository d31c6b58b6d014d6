/**
 * Builds the Portcullis packages the bench servers load, so that Portcullis runs as users run
 * it (the published JavaScript in `dist/`), as Auth.js does, rather than from TypeScript source
 * through a loader that keeps every transpiled file and its source map in memory.
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import { resolve } from "node:path";

const ROOT = resolve(import.meta.dirname, "../../..");

/** The packages a bench server imports. */
const PACKAGES = ["@portcullis/core", "@portcullis/sql-adapter"];

/**
 * Runs each package's build script (tsup, a few seconds), the core first since the adapter's
 * declarations import it. Its output goes to stderr.
 *
 * @throws When a build fails.
 * @example
 * ```ts
 * buildPortcullis();
 * ```
 */
export function buildPortcullis(): void {
  for (const name of PACKAGES) {
    execFileSync("npm", ["run", "build", "--workspace", name], { cwd: ROOT, stdio: ["ignore", 2, 2] });
  }
}
