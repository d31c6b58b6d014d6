/**
 * `npm run pack` produces tarballs an app outside this repository can install and run: each one
 * carries what its package.json promises and nothing of the sources, and the Express README's
 * example, installed from the core, Express and memory-adapter tarballs, signs a user in.
 */
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { run, TestClient } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, installPackedApp, OFFLINE, type RunningApp, startPackedApp, tarballOf } from "./packed-app";

const root = fileURLToPath(new URL("../..", import.meta.url));
const packScript = join(root, "scripts", "pack.mjs");

// Building every package takes most of the time (about 45 s on 2 cores); installing is quick with
// a warm npm cache.
const PACK_TIMEOUT = 300_000;
const INSTALL_TIMEOUT = 120_000;

let packs: string;
let tarballs: string[];
let packOutput: string;

beforeAll(async () => {
  packs = await mkdtemp(join(tmpdir(), "portcullis-packs-"));
  packOutput = await run(process.execPath, [packScript, packs], { cwd: root, timeout: PACK_TIMEOUT });
  tarballs = (await readdir(packs)).filter((file) => file.endsWith(".tgz")).map((file) => join(packs, file));
}, PACK_TIMEOUT);

afterAll(async () => {
  if (packs) await rm(packs, { recursive: true, force: true });
});

/** The tarball of a package, by its name without the scope (`core`, `express`...). */
function tarball(name: string): string {
  return tarballOf(tarballs, name);
}

/** The paths inside a tarball, relative to its `package/` folder. */
async function entries(file: string): Promise<string[]> {
  const listing = await run("tar", ["-tzf", file]);
  return listing
    .split("\n")
    .filter(Boolean)
    .map((entry) => entry.replace(/^package\//, ""));
}

/** Every file path an `exports` map (or a `bin` map) points at, conditions unfolded. */
function targets(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value && typeof value === "object") return Object.values(value).flatMap(targets);
  return [];
}

/** Whether a target (`./dist/providers/*.js` allowed) names at least one file of the tarball. */
function present(target: string, files: string[]): boolean {
  const path = target.replace(/^\.\//, "");
  if (!path.includes("*")) return files.includes(path);
  const [before, after] = path.split("*") as [string, string];
  return files.some(
    (file) => file.startsWith(before) && file.endsWith(after) && file.length > path.length - 1,
  );
}

describe("npm run pack", () => {
  const publicPackages = [
    "adapter-testing",
    "client",
    "core",
    "express",
    "fastify",
    "hono",
    "memory-adapter",
    "migrate",
    "next",
    "redis",
    "redis-adapter",
    "solid-start",
    "sql-adapter",
    "sveltekit",
  ];

  it("packs every public package and prints one install line with every tarball", () => {
    expect(tarballs.map((file) => file.slice(packs.length + 1)).sort()).toEqual(
      publicPackages.map((name) => `portcullis-${name}-0.1.0.tgz`),
    );
    const install = packOutput.split("\n").filter((line) => line.startsWith("npm install "));
    expect(install).toHaveLength(1);
    expect(install[0]?.split(" ").slice(2).sort()).toEqual([...tarballs].sort());
  });

  it.each(publicPackages)(
    "@portcullis/%s: dist, package.json, README and LICENSE, no sources or tests",
    async (name) => {
      const files = await entries(tarball(name));
      expect(files).toContain("package.json");
      expect(files).toContain("README.md");
      expect(files).toContain("LICENSE");
      const license = await run("tar", ["-xzOf", tarball(name), "package/LICENSE"]);
      expect(license).toMatch(/^MIT License\n\nCopyright \(c\) 2026 the Portcullis authors\n/);
      // The copy made for packing is gone again: the root LICENSE stays the only one in the repository.
      expect(existsSync(join(root, "packages", name, "LICENSE"))).toBe(false);
      expect(files.some((file) => file.startsWith("dist/"))).toBe(true);
      expect(
        files.filter((file) => /^(src|test)\/|\.test\.|\.ts$/.test(file) && !file.endsWith(".d.ts")),
      ).toEqual([]);
    },
  );

  it.each(publicPackages)("@portcullis/%s: every export and bin target is in the tarball", async (name) => {
    const file = tarball(name);
    const files = await entries(file);
    const manifest = JSON.parse(await run("tar", ["-xzOf", file, "package/package.json"]));
    const paths = [...targets(manifest.exports), ...targets(manifest.bin)];
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((path) => !present(path, files))).toEqual([]);
  });

  it.each(publicPackages)(
    "@portcullis/%s: dependencies are versions, not paths in this repository",
    async (name) => {
      const manifest = JSON.parse(await run("tar", ["-xzOf", tarball(name), "package/package.json"]));
      const ranges = ["dependencies", "peerDependencies", "optionalDependencies"].flatMap((field) =>
        Object.values((manifest[field] ?? {}) as Record<string, string>),
      );
      expect(ranges.filter((range) => /^(file|link|workspace):|^\.{0,2}\//.test(range))).toEqual([]);
    },
  );
});

describe("the portcullis-sql command line as packed", () => {
  // The database drivers are the app's: bundled into the package's ESM output, their CommonJS
  // requires of Node built-ins failed ("Dynamic require of \"fs\" is not supported").
  it("loads the app's SQLite driver and creates the tables", async () => {
    const dir = await mkdtemp(join(tmpdir(), "portcullis-sql-cli-"));
    try {
      const cli = join(root, "packages", "sql-adapter", "dist", "cli.js");
      const output = await run(process.execPath, [cli, "migrate", "--sqlite", join(dir, "auth.db")], {
        cwd: root,
      });
      expect(output).toContain("tables are in place");
      const files = await entries(tarball("sql-adapter"));
      expect(files.filter((file) => /^dist\/(mysql2|esm|lib)-/.test(file))).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("an app outside the repository, installed from the tarballs", () => {
  let app: string | undefined;
  let server: RunningApp | undefined;

  afterAll(async () => {
    await server?.stop();
    if (app) await rm(app, { recursive: true, force: true });
  });

  it(
    "runs the Express README's example and signs a user in",
    async (context) => {
      const packages = [tarball("core"), tarball("express"), tarball("memory-adapter"), "express"];
      try {
        app = await installPackedApp(packages, INSTALL_TIMEOUT);
      } catch (error) {
        const message = (error as Error).message;
        if (OFFLINE.test(message)) context.skip(`the npm registry is not reachable for express: ${message}`);
        throw error;
      }

      // Every exact subpath of the installed packages loads in the app, the memory adapter included.
      const modules = [
        "@portcullis/core",
        "@portcullis/core/jwt",
        "@portcullis/core/errors",
        "@portcullis/core/node",
        "@portcullis/core/adapters",
        "@portcullis/express/providers/github",
        "@portcullis/memory-adapter",
      ];
      const loaded = await run(
        process.execPath,
        [
          "--input-type=module",
          "-e",
          `for (const name of ${JSON.stringify(modules)}) await import(name);
           const { MemoryAdapter } = await import("@portcullis/memory-adapter");
           console.log(typeof MemoryAdapter().createUser)`,
        ],
        { cwd: app },
      );
      expect(loaded.trim()).toBe("function");

      server = await startPackedApp(app);
      const { origin } = server;
      const browser = new TestClient((request) => fetch(request, { redirect: "manual" }), origin);
      const csrfToken = await browser.csrfToken();
      const signIn = await browser.post("/auth/callback/credentials", {
        form: { csrfToken, username: ALICE.username, password: ALICE.password, callbackUrl: `${origin}/me` },
      });
      expect(signIn.status).toBe(302);
      expect(signIn.headers.get("location")).toBe(`${origin}/me`);

      expect(await browser.session()).toMatchObject({ user: ALICE.user });
      const me = await browser.get("/me");
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject(ALICE.user);
    },
    INSTALL_TIMEOUT + 30_000,
  );

  // Auth.js apps augment its types in a file of their own that imports nothing from the module
  // it augments; the codemod only renames the module. TypeScript applies such an augmentation
  // only when the module is part of the program anyway, and drops it without a word under
  // skipLibCheck (as every Next.js app has it), so the app's own code stops type-checking.
  it("applies the JWT, Session and AdapterUser augmentations of an Auth.js app's types file", async (context) => {
    if (!app) return context.skip("the app above could not be installed");
    await writeFile(
      join(app, "auth-types.d.ts"),
      `declare module "@portcullis/core/jwt" {
  interface JWT { role?: string }
}
declare module "@portcullis/core/types" {
  interface Session { tenant: string }
}
declare module "@portcullis/core/adapters" {
  interface AdapterUser { role: string }
}
export {}
`,
    );
    await writeFile(
      join(app, "auth.ts"),
      `import type { AuthConfig } from "@portcullis/core"
export const config = {
  providers: [],
  callbacks: {
    jwt({ token }) {
      const role: string | undefined = token.role
      return { ...token, role }
    },
    session({ session, user }) {
      const tenant: string = session.tenant
      const role: string = user.role
      return { ...session, tenant, role }
    },
  },
} satisfies AuthConfig
`,
    );
    await writeFile(
      join(app, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noEmit: true,
          module: "esnext",
          moduleResolution: "bundler",
          target: "es2022",
          lib: ["es2022", "dom"],
          skipLibCheck: true,
        },
        include: ["auth.ts", "auth-types.d.ts"],
      }),
    );
    const tsc = join(root, "node_modules", "typescript", "bin", "tsc");
    const checked = await run(process.execPath, [tsc, "-p", app], { cwd: app }).then(
      () => "",
      (error: Error) => error.message,
    );
    expect(checked).toBe("");
  });
});
