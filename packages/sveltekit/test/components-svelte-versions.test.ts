/**
 * The components ship as Svelte source that the app's own compiler builds, so the package's peer
 * range must name only the Svelte versions that compile them. Svelte 4 (pinned as the `svelte4`
 * alias, Auth.js's SvelteKit example uses 4.2.19) and Svelte 5 each compile every component, for
 * the browser and the server, without an error or a warning; and the peer range accepts both, so
 * `npm install` of a Svelte 4 app does not stop on ERESOLVE.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import semver from "semver";
import { compile as compileWith5 } from "svelte/compiler";
import { describe, expect, it } from "vitest";

const require = createRequire(import.meta.url);

/**
 * The part of Svelte 4's compiler the test uses. It is loaded with `require` and typed here, not
 * imported: Svelte 4's type file declares the `svelte/*` modules again, over Svelte 5's.
 */
interface Svelte4Compiler {
  compile(
    source: string,
    options: { filename: string; generate: "dom" | "ssr" },
  ): { warnings: { code: string }[] };
}
const svelte4 = require("svelte4/compiler") as Svelte4Compiler;
const componentsDir = fileURLToPath(new URL("../src/components", import.meta.url));
const components = readdirSync(componentsDir).filter((file) => file.endsWith(".svelte"));
const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")) as {
  peerDependencies: Record<string, string>;
};

/** The version of an installed package, by the name it is installed under. */
function installedVersion(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
}

/** The codes of the warnings a compiler gave; it throws on an error. */
type Compiler = (source: string, filename: string, target: "browser" | "server") => string[];

const compilers: Record<string, Compiler> = {
  svelte4: (source, filename, target) =>
    svelte4
      .compile(source, { filename, generate: target === "browser" ? "dom" : "ssr" })
      .warnings.map((warning) => warning.code),
  svelte: (source, filename, target) =>
    compileWith5(source, { filename, generate: target === "browser" ? "client" : "server" }).warnings.map(
      (warning) => warning.code,
    ),
};

it("has components to compile", () => {
  expect(components.sort()).toEqual(["SignIn.svelte", "SignOut.svelte"]);
});

describe.each(Object.keys(compilers))("the components under %s", (name) => {
  const version = installedVersion(name);
  const compile = compilers[name] as Compiler;

  it(`is the Svelte the test means (${name})`, () => {
    expect(semver.major(version)).toBe(name === "svelte4" ? 4 : 5);
  });

  it.each(components.flatMap((file) => (["browser", "server"] as const).map((target) => [file, target])))(
    "compiles %s for the %s without an error or a warning",
    (file, target) => {
      const source = readFileSync(join(componentsDir, file), "utf8");
      expect(compile(source, file, target as "browser" | "server")).toEqual([]);
    },
  );

  it("is accepted by the package's svelte peer range", () => {
    expect(semver.satisfies(version, manifest.peerDependencies.svelte ?? "")).toBe(true);
  });
});

describe("the package's peer ranges", () => {
  it.each(["4.0.0", "4.2.19", "5.0.0", installedVersion("svelte")])("accept Svelte %s", (version) => {
    expect(semver.satisfies(version, manifest.peerDependencies.svelte ?? "")).toBe(true);
  });

  it("refuse Svelte 3, which SvelteKit 2 does not run on", () => {
    expect(semver.satisfies("3.59.2", manifest.peerDependencies.svelte ?? "")).toBe(false);
  });

  it.each(["2.0.0", "2.8.3", installedVersion("@sveltejs/kit")])("accept SvelteKit %s", (version) => {
    expect(semver.satisfies(version, manifest.peerDependencies["@sveltejs/kit"] ?? "")).toBe(true);
  });
});
