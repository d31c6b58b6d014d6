#!/usr/bin/env node
/**
 * `npx @portcullis/migrate [folder] [--dry-run]`: moves the Auth.js app in the folder (default:
 * the current one) to Portcullis and prints what it changed and what it left for you.
 */
import { resolve } from "node:path";
import { migrate } from "./migrate";

const USAGE = `Usage: portcullis-migrate [folder] [--dry-run]

Rewrites next-auth, @auth/* and @hono/auth-js imports, module augmentations and package.json
dependencies of the app in [folder] (default: the current folder) to their Portcullis
counterparts, and wraps providers written as plain objects in OAuth() or Email(). Auth.js
database adapters (@auth/*-adapter) are kept: they work with Portcullis unchanged. Run your
package manager's install afterwards.

  --dry-run   print what would change, write nothing
  --help      this text`;

async function main(args: string[]): Promise<number> {
  if (args.includes("--help") || args.includes("-h")) {
    console.log(USAGE);
    return 0;
  }
  const unknown = args.find((arg) => arg.startsWith("-") && arg !== "--dry-run");
  if (unknown) {
    console.error(`Unknown option ${unknown}.\n\n${USAGE}`);
    return 2;
  }
  const folder = resolve(args.find((arg) => !arg.startsWith("-")) ?? ".");
  const dryRun = args.includes("--dry-run");
  const report = await migrate(folder, { dryRun });
  const verb = dryRun ? "Would change" : "Changed";
  console.log(`${verb} ${report.changed.length} file(s) in ${folder}`);
  for (const file of report.changed) console.log(`  ${file}`);
  if (report.wrapped.length > 0) {
    console.log(`\nProviders ${dryRun ? "to wrap" : "wrapped"} (${report.wrapped.length}):`);
    for (const { file, line, provider, wrapper, module } of report.wrapped) {
      const name = provider === undefined ? "a provider object" : JSON.stringify(provider);
      console.log(`  ${file}:${line}  ${name} in ${wrapper}() from ${module}`);
    }
  }
  if (report.manual.length > 0) {
    console.log(`\nLeft for you (${report.manual.length}):`);
    for (const step of report.manual)
      console.log(`  ${step.file}:${step.line}  ${step.specifier}: ${step.reason}`);
  }
  for (const { file, error } of report.failed) console.error(`Could not rewrite ${file}: ${error}`);
  return report.failed.length > 0 ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: Error) => {
    console.error(`portcullis-migrate: ${error.message}`);
    process.exitCode = 1;
  },
);
