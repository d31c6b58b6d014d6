/**
 * Builds what the bench's child processes run, so that both libraries run as users run them:
 * the Portcullis packages (their published JavaScript in `dist/`, as Auth.js runs its own) and
 * the children's entries, compiled to plain JavaScript in `bench/dist/` so that no loader sits
 * in a measured process. (Under tsx, every ES module containing `import(` is rewritten and kept
 * in memory with a source map; that charged the library with a lazy import several MB of RSS.)
 *
 * @module
 */
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { build } from "tsup";

const ROOT = resolve(import.meta.dirname, "../../..");

/** Where the compiled child entries go (git-ignored, rebuilt on every run). */
export const CHILD_DIST = resolve(ROOT, "bench/dist");

/**
 * The packages a bench server imports. `@portcullis/redis-adapter` is built only where the
 * checkout has it; elsewhere the Redis database-session row reports it as not available.
 */
const PACKAGES = ["@portcullis/core", "@portcullis/sql-adapter", "@portcullis/redis-adapter"];

/** Whether the checkout has the package's sources (`@portcullis/x` lives in `packages/x`). */
const inCheckout = (name: string) => existsSync(resolve(ROOT, "packages", name.replace("@portcullis/", "")));

/** The child entries, by the name {@link CHILD_DIST} gives their output. */
const ENTRIES = {
  "server-main": resolve(ROOT, "bench/src/process/server-main.ts"),
  "jwt-main": resolve(ROOT, "bench/src/process/jwt-main.ts"),
};

/** A child entry's name: its compiled file is `bench/dist/<name>.js`. */
export type ChildEntry = keyof typeof ENTRIES;

/**
 * Runs each package's build script (tsup, a few seconds; the core first since the adapters'
 * declarations import it), then compiles the child entries with every package import left
 * external, so a child loads each library from its package as an app would, and only the library
 * its app needs (each app stays a chunk of its own, imported on demand). Output goes to stderr.
 *
 * @throws When a build fails.
 * @example
 * ```ts
 * await buildForBench();
 * ```
 */
export async function buildForBench(): Promise<void> {
  for (const name of PACKAGES.filter(inCheckout)) {
    execFileSync("npm", ["run", "build", "--workspace", name], { cwd: ROOT, stdio: ["ignore", 2, 2] });
  }
  await build({
    config: false,
    entry: ENTRIES,
    outDir: CHILD_DIST,
    format: ["esm"],
    platform: "node",
    target: "node20",
    splitting: true,
    clean: true,
    silent: true,
    // Bare specifiers (packages) stay imports; only the bench's own files are bundled.
    external: [/^[^./]/],
  });
}
