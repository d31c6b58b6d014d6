/** Walks an app's folder and rewrites every source, Svelte component and package.json in it. */
import { readdir, readFile, writeFile } from "node:fs/promises";
import { basename, extname, join, relative } from "node:path";
import { rewritePackageJson } from "./rewrite-package-json";
import { type ManualStep, rewriteSource, type WrappedProvider } from "./rewrite-source";
import { rewriteSvelte } from "./rewrite-svelte";

/** Options of {@link migrate}. */
export interface MigrateOptions {
  /** Report what would change without writing. Default false. */
  dryRun?: boolean;
  /** The version range written into package.json. Default `^0.1.0`. */
  version?: string;
}

/** What {@link migrate} did. */
export interface MigrateReport {
  /** Files changed (or that would change on a dry run), relative to the folder. */
  changed: string[];
  /** What the codemod left for a person (Auth.js imports, provider objects not wrapped), with the reason. */
  manual: ManualStep[];
  /** Provider objects the codemod wrapped in `OAuth()` or `Email()`, with their file and new line. */
  wrapped: WrappedProvider[];
  /** Files that could not be read or parsed, with the error. */
  failed: Array<{ file: string; error: string }>;
}

/** Decodes sources strictly: a file that is not UTF-8 fails instead of being rewritten with its bytes replaced. */
const utf8 = new TextDecoder("utf-8", { fatal: true });

function readUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new Error("not UTF-8, left unchanged: convert it to UTF-8 and run the codemod again");
  }
}
const SOURCES = new Set([".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"]);
const SKIPPED = new Set([
  "node_modules",
  ".git",
  ".next",
  ".svelte-kit",
  ".vinxi",
  ".output",
  "dist",
  "build",
]);

/**
 * Moves an Auth.js app in `dir` to Portcullis: imports, re-exports, `require()`s and module
 * augmentations of `next-auth` and `@auth/*` in every source and Svelte file, and the
 * dependencies in every package.json. Folders of generated or installed code are skipped.
 *
 * @param dir The app's root folder.
 * @param options Dry run and the version to depend on.
 * @returns The changed files, what was left for a person, the provider objects wrapped, and the
 * files that failed.
 * @example
 * ```ts
 * const report = await migrate(process.cwd(), { dryRun: true })
 * ```
 */
export async function migrate(dir: string, options: MigrateOptions = {}): Promise<MigrateReport> {
  const report: MigrateReport = { changed: [], manual: [], wrapped: [], failed: [] };
  for (const path of await filesUnder(dir)) {
    const file = relative(dir, path);
    const rewrite = rewriterOf(file, options.version ?? "^0.1.0");
    // Only the files it rewrites are read: an app's icons, images and databases are none of them.
    if (!rewrite) continue;
    try {
      const result = rewrite(readUtf8(await readFile(path)));
      report.manual.push(...result.manual);
      report.wrapped.push(...result.wrapped);
      if (!result.changed) continue;
      report.changed.push(file);
      if (!options.dryRun) await writeFile(path, result.text);
    } catch (error) {
      report.failed.push({ file, error: (error as Error).message });
    }
  }
  return report;
}

/** A file's rewrite. */
type Rewrite = (text: string) => {
  text: string;
  changed: boolean;
  manual: ManualStep[];
  wrapped: WrappedProvider[];
};

/** How a file is rewritten, by its name; `undefined` for a file the codemod leaves alone. */
function rewriterOf(file: string, version: string): Rewrite | undefined {
  if (basename(file) === "package.json")
    return (text) => ({ ...rewritePackageJson(text, version), manual: [], wrapped: [] });
  const ext = extname(file);
  if (ext === ".svelte") return (text) => rewriteSvelte(text, file);
  if (SOURCES.has(ext)) return (text) => rewriteSource(text, file);
  return undefined;
}

async function filesUnder(dir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await filesUnder(path)));
    else if (entry.isFile()) files.push(path);
  }
  return files.sort();
}
