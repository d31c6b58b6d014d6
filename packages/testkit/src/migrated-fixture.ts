/**
 * An Auth.js app of a test's fixtures, copied and moved over by the codemod's command line, as a
 * user would run it: the step every "migrated by the codemod alone" test starts with.
 *
 * @module
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const CLI = fileURLToPath(new URL("../../migrate/src/cli.ts", import.meta.url));

/** A migrated copy of a fixture app. */
export interface MigratedFixture {
  /** The copy's folder. */
  dir: string;
  /** What the codemod printed. */
  migrateOutput: string;
  /** Deletes the copy. */
  remove(): void;
}

/**
 * Copies `{fixtures}/{name}` into a fresh `.work-*` folder beside it (inside the repository, so the
 * app resolves its framework from the workspace) and runs `portcullis-migrate` on the copy.
 *
 * @param fixtures The folder holding the fixture apps.
 * @param name The app's folder name.
 * @returns The migrated copy.
 * @throws Error with the codemod's stderr when it fails (the copy is removed first).
 * @example
 * ```ts
 * const app = migratedFixture(join(here, "fixtures"), "authjs-app")
 * ```
 */
export function migratedFixture(fixtures: string, name: string): MigratedFixture {
  const work = mkdtempSync(join(fixtures, ".work-"));
  const remove = () => rmSync(work, { recursive: true, force: true });
  const dir = join(work, name);
  cpSync(join(fixtures, name), dir, { recursive: true });
  const run = spawnSync(process.execPath, ["--import", "tsx", CLI, dir], { encoding: "utf8" });
  if (run.status !== 0) {
    remove();
    throw new Error(`The codemod failed: ${run.stderr}`);
  }
  return { dir, migrateOutput: run.stdout, remove };
}
