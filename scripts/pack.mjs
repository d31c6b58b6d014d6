#!/usr/bin/env node
/**
 * `npm run pack [-- <dir>]`: builds every package and packs each public one into a tarball, so the
 * packages can be installed into an app before they are published to the npm registry.
 *
 * Tarballs go to `packs/` at the repository root unless a directory is given. The script ends by
 * printing the tarball paths and one `npm install` line that installs them all into an app; the
 * packages depend on one another by version, so npm resolves each of those dependencies from the
 * tarball of the same name on that line.
 *
 * Usage:
 *   npm run pack                   # build, then pack into ./packs
 *   npm run pack -- /tmp/packs     # build, then pack into /tmp/packs
 *   node scripts/pack.mjs --no-build /tmp/packs   # pack what `npm run build` left in dist/
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * The packages a user installs: every folder of `packages/` whose package.json is not private, in
 * folder order.
 */
export function publicPackages() {
  const folder = join(root, "packages");
  return readdirSync(folder)
    .map((name) => join(folder, name, "package.json"))
    .filter((file) => existsSync(file))
    .map((file) => ({ ...JSON.parse(readFileSync(file, "utf8")), folder: dirname(file) }))
    .filter((manifest) => !manifest.private);
}

/**
 * Runs `pack` with the repository's LICENSE copied into every package folder that has none, and
 * removes the copies again afterwards. npm only ships a LICENSE that sits next to the package's
 * own package.json, and the MIT licence requires its notice to travel with every copy; one file at
 * the root stays the only one to keep up to date.
 */
export function withLicense(folders, pack) {
  const license = join(root, "LICENSE");
  const copies = folders.map((folder) => join(folder, "LICENSE")).filter((file) => !existsSync(file));
  try {
    for (const copy of copies) copyFileSync(license, copy);
    return pack();
  } finally {
    for (const copy of copies) rmSync(copy, { force: true });
  }
}

/**
 * Dependencies a tarball cannot carry: a `file:`, `link:` or `workspace:` range only means something
 * inside this repository, so an app installing the tarball would fail on it.
 */
export function localDependencies(manifest) {
  const fields = ["dependencies", "peerDependencies", "optionalDependencies"];
  return fields.flatMap((field) =>
    Object.entries(manifest[field] ?? {})
      .filter(([, range]) => /^(file|link|workspace):/.test(range))
      .map(([name, range]) => `${field}.${name}: ${range}`),
  );
}

function run(command, args) {
  // npm is a shell script on Windows; spawning it through a shell keeps the script portable.
  const result = spawnSync(command, args, {
    cwd: root,
    encoding: "utf8",
    shell: process.platform === "win32",
    stdio: ["ignore", "pipe", "inherit"],
  });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed (exit ${result.status})`);
  return result.stdout;
}

function main(argv) {
  const build = !argv.includes("--no-build");
  const destination = resolve(argv.find((arg) => !arg.startsWith("--")) ?? join(root, "packs"));
  const packages = publicPackages();

  const local = packages.flatMap((manifest) =>
    localDependencies(manifest).map((dep) => `${manifest.name} ${dep}`),
  );
  if (local.length > 0)
    throw new Error(`dependencies that only resolve inside this repository:\n  ${local.join("\n  ")}`);

  // The build's output goes to stderr so that stdout stays the list of tarballs and the install line.
  if (build) process.stderr.write(run("npm", ["run", "build"]));

  mkdirSync(destination, { recursive: true });
  const workspaces = packages.flatMap((manifest) => ["--workspace", manifest.name]);
  const packed = withLicense(
    packages.map((manifest) => manifest.folder),
    () => JSON.parse(run("npm", ["pack", "--json", "--pack-destination", destination, ...workspaces])),
  );
  const tarballs = packed.map((entry) => join(destination, entry.filename));

  // Every framework package brings its framework as a peer dependency, which npm installs too, so
  // the line is meant to be trimmed to the packages the app uses (core is needed by all of them).
  process.stdout.write(`${tarballs.join("\n")}\n\n`);
  process.stdout.write(
    "Install them into an app with (keep @portcullis/core and the packages the app uses):\n\n",
  );
  process.stdout.write(`npm install ${tarballs.join(" ")}\n`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`pack: ${error.message}\n`);
    process.exit(1);
  }
}
