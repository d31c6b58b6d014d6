/**
 * The `bundle` figure: how many bytes an edge or serverless app carries for the same small
 * configuration, `Auth` with one credentials provider, with each library. Both are bundled in
 * the same run by esbuild in memory, as edge toolchains do it (no Node platform, the `worker`
 * and `browser` export conditions, minified), Portcullis from its built `dist/` and Auth.js from
 * its published package, and measured minified and gzip-compressed.
 *
 * @module
 */
import { resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import type { Row } from "../report/table";

const ROOT = resolve(import.meta.dirname, "../../..");

/** The scenario name that selects the bundle rows. */
export const BUNDLE_SCENARIO = "bundle";

/** One library's bundle size, in bytes. */
export interface BundleSize {
  minified: number;
  gzip: number;
}

/** Both libraries' bundle sizes, from one run. */
export interface BundleSizes {
  portcullis: BundleSize;
  authjs: BundleSize;
}

/** The app each library is bundled for: the same configuration, written against its imports. */
function app(auth: string, credentials: string): string {
  return `import { Auth } from ${JSON.stringify(auth)};
import Credentials from ${JSON.stringify(credentials)};
export default (request) => Auth(request, { providers: [Credentials({})], secret: "x" });`;
}

const APPS = {
  portcullis: app(
    resolve(ROOT, "packages/core/dist/index.js"),
    resolve(ROOT, "packages/core/dist/providers/credentials.js"),
  ),
  authjs: app("@auth/core", "@auth/core/providers/credentials"),
};

async function sizeOf(source: string): Promise<BundleSize> {
  const result = await build({
    stdin: { contents: source, resolveDir: import.meta.dirname, loader: "js", sourcefile: "app.js" },
    bundle: true,
    minify: true,
    write: false,
    format: "esm",
    platform: "neutral",
    mainFields: ["module", "main"],
    conditions: ["worker", "browser"],
    // Edge runtimes that offer Node built-ins load them at run time; neither library needs one.
    external: ["node:*"],
    logLevel: "silent",
  });
  const code = result.outputFiles[0]!.contents;
  return { minified: code.byteLength, gzip: gzipSync(code, { level: 9 }).byteLength };
}

/**
 * Bundles both apps and measures them. Portcullis's `dist/` must be built first (the bench's
 * build step does it).
 *
 * @returns The minified and gzip sizes of each library's bundle.
 * @throws When a bundle fails to build (an import that cannot be resolved).
 * @example
 * ```ts
 * const { portcullis, authjs } = await bundleSizes();
 * console.log(portcullis.minified / authjs.minified);
 * ```
 */
export async function bundleSizes(): Promise<BundleSizes> {
  return { portcullis: await sizeOf(APPS.portcullis), authjs: await sizeOf(APPS.authjs) };
}

/**
 * The report's rows for the bundle sizes: minified, then gzip-compressed. Their P/A is
 * Portcullis's size over Auth.js's, so below 1 Portcullis's bundle is smaller; the titles say so.
 *
 * @param sizes Both libraries' sizes, from {@link bundleSizes}.
 * @returns Two rows named `bundle`.
 * @example
 * ```ts
 * rows.push(...bundleRows(await bundleSizes()));
 * ```
 */
export function bundleRows(sizes: BundleSizes): Row[] {
  const what = "edge bundle of `Auth` + credentials provider (esbuild, minified";
  const verdict = "smaller is better: P/A below 1 means Portcullis's is smaller";
  return [
    {
      name: BUNDLE_SCENARIO,
      title: `${what}), ${verdict}`,
      unit: "bytes",
      sizes: { portcullis: sizes.portcullis.minified, authjs: sizes.authjs.minified },
    },
    {
      name: BUNDLE_SCENARIO,
      title: `${what}, then gzip level 9), ${verdict}`,
      unit: "bytes",
      sizes: { portcullis: sizes.portcullis.gzip, authjs: sizes.authjs.gzip },
    },
  ];
}
