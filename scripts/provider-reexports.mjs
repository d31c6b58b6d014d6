#!/usr/bin/env node
/**
 * Writes `dist/providers/<id>.js` and `.d.ts` into the framework package it is run in (its working
 * directory), one pair per built-in provider of @portcullis/core. Auth.js apps import providers
 * from their framework package (`@auth/sveltekit/providers/github`); these one-line modules make
 * `@portcullis/<framework>/providers/<id>` the very same module as
 * `@portcullis/core/providers/<id>`, so a provider factory is never duplicated in a bundle.
 *
 * Usage (in a package's build script, after tsup has cleaned dist/):
 *   node ../../scripts/provider-reexports.mjs
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const coreProviders = fileURLToPath(new URL("../packages/core/src/providers/", import.meta.url));

/**
 * The provider ids: every module of core's providers folder with a default export (the factory).
 * Helpers in that folder (shared OAuth and email code) have none and are not providers.
 */
export function providerIds() {
  return readdirSync(coreProviders)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"))
    .filter((file) => /^export default /m.test(readFileSync(join(coreProviders, file), "utf8")))
    .map((file) => file.slice(0, -".ts".length))
    .sort();
}

/**
 * The text of one re-export module; the same text serves as its declaration file, since it only
 * names another module's exports.
 */
export function reexportOf(id) {
  const target = JSON.stringify(`@portcullis/core/providers/${id}`);
  return `export { default } from ${target};\nexport * from ${target};\n`;
}

/** Writes the pairs into `<packageDir>/dist/providers/` and answers how many it wrote. */
export function writeReexports(packageDir) {
  const out = join(packageDir, "dist", "providers");
  mkdirSync(out, { recursive: true });
  const ids = providerIds();
  for (const id of ids) {
    writeFileSync(join(out, `${id}.js`), reexportOf(id));
    writeFileSync(join(out, `${id}.d.ts`), reexportOf(id));
  }
  return ids.length;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const count = writeReexports(process.cwd());
  console.log(`provider-reexports: wrote ${count} providers to dist/providers/`);
}
