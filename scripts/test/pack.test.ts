/**
 * `npm run pack` produces tarballs an app outside this repository can install and run: each one
 * carries what its package.json promises and nothing of the sources, and the Express README's
 * example, installed from the core, Express and memory-adapter tarballs, signs a user in.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { run, TestClient } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
const packScript = join(root, "scripts", "pack.mjs");

// Building every package takes most of the time (about 45 s on 2 cores); installing is quick with
// a warm npm cache.
const PACK_TIMEOUT = 150_000;
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
  const file = tarballs.find((path) => path.endsWith(`/portcullis-${name}-0.1.0.tgz`));
  if (!file) throw new Error(`no tarball for @portcullis/${name} in ${tarballs.join(", ")}`);
  return file;
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

// The Express README's example in plain JavaScript: Credentials with its fields, the secret and
// public URL from the environment, and `/me` protected with getSession.
const serverSource = `
import express from "express"
import Credentials from "@portcullis/core/providers/credentials"
import { ExpressAuth, getSession } from "@portcullis/express"

async function checkUser(username, password) {
  return username === "alice" && password === "wonderland"
    ? { id: "1", name: "Alice", email: "alice@example.com" }
    : null
}

const config = {
  secret: process.env.AUTH_SECRET,
  providers: [
    Credentials({
      credentials: { username: { label: "Username" }, password: { label: "Password", type: "password" } },
      authorize: async ({ username, password }) => checkUser(username, password),
    }),
  ],
}

const app = express()
app.use("/auth", ExpressAuth(config))

app.get("/me", async (req, res) => {
  const session = await getSession(req, config)
  if (session) res.json(session.user)
  else res.status(401).json({ error: "unauthenticated" })
})

app.listen(Number(process.env.PORT), "127.0.0.1", () => console.log("listening"))
`;

/** npm's words for a registry it cannot reach. */
const OFFLINE = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|network/i;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/** Resolves once the server printed "listening"; rejects with its output if it exits first. */
function listening(child: ChildProcess): Promise<void> {
  let output = "";
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes("listening")) resolve();
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    const timer = setTimeout(() => reject(new Error(`server did not start in 10 s: ${output}`)), 10_000);
    child.once("exit", (code) => reject(new Error(`server exited (${code}): ${output}`)));
    child.once("spawn", () => timer.unref());
  });
}

describe("an app outside the repository, installed from the tarballs", () => {
  let app: string;
  let server: ChildProcess | undefined;

  afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    if (app) await rm(app, { recursive: true, force: true });
  });

  it(
    "runs the Express README's example and signs a user in",
    async (context) => {
      app = await mkdtemp(join(tmpdir(), "portcullis-app-"));
      await writeFile(
        join(app, "package.json"),
        JSON.stringify({ name: "packed-app", private: true, type: "module" }),
      );
      await writeFile(join(app, "server.mjs"), serverSource);
      const packages = [tarball("core"), tarball("express"), tarball("memory-adapter"), "express"];
      try {
        await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", ...packages], {
          cwd: app,
          timeout: INSTALL_TIMEOUT,
        });
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

      const port = await freePort();
      const origin = `http://127.0.0.1:${port}`;
      server = spawn(process.execPath, ["server.mjs"], {
        cwd: app,
        env: { ...process.env, PORT: String(port), AUTH_SECRET: "a".repeat(40), AUTH_URL: `${origin}/auth` },
        stdio: ["ignore", "pipe", "pipe"],
      });
      await listening(server);

      const browser = new TestClient((request) => fetch(request, { redirect: "manual" }), origin);
      const csrfToken = await browser.csrfToken();
      const signIn = await browser.post("/auth/callback/credentials", {
        form: { csrfToken, username: "alice", password: "wonderland", callbackUrl: `${origin}/me` },
      });
      expect(signIn.status).toBe(302);
      expect(signIn.headers.get("location")).toBe(`${origin}/me`);

      expect(await browser.session()).toMatchObject({ user: { name: "Alice", email: "alice@example.com" } });
      const me = await browser.get("/me");
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ name: "Alice", email: "alice@example.com" });
    },
    INSTALL_TIMEOUT + 30_000,
  );
});
