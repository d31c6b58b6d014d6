/**
 * An app outside the repository, installed from `npm run pack`'s tarballs and running the Express
 * README's example: what the pack test and the fresh-clone test both sign a user in against.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run } from "@portcullis/testkit";

/** The credentials the example's `checkUser` accepts, and the user it answers for them. */
export const ALICE = {
  username: "alice",
  password: "wonderland",
  user: { name: "Alice", email: "alice@example.com" },
} as const;

/**
 * The Express README's example in plain JavaScript: Credentials with its fields, the secret and
 * public URL from the environment, and `/me` protected with getSession.
 */
export const EXPRESS_README_SERVER = `
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
export const OFFLINE = /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|network/i;

/** The tarball of a package among `tarballs`, by its name without the scope (`core`, `express`...). */
export function tarballOf(tarballs: readonly string[], name: string): string {
  const file = tarballs.find((path) => path.endsWith(`/portcullis-${name}-0.1.0.tgz`));
  if (!file) throw new Error(`no tarball for @portcullis/${name} in ${tarballs.join(", ")}`);
  return file;
}

/**
 * A new app folder with the example server, and `packages` (tarball paths or registry names)
 * installed by npm, preferring its cache. Rejects with npm's output when the install fails; test
 * {@link OFFLINE} against the message to tell a missing network from a broken package.
 */
export async function installPackedApp(packages: string[], timeout: number): Promise<string> {
  const app = await mkdtemp(join(tmpdir(), "portcullis-app-"));
  await writeFile(
    join(app, "package.json"),
    JSON.stringify({ name: "packed-app", private: true, type: "module" }),
  );
  await writeFile(join(app, "server.mjs"), EXPRESS_README_SERVER);
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", ...packages], {
    cwd: app,
    timeout,
  });
  return app;
}

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

/** The example server of an installed app, listening on loopback. */
export interface RunningApp {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Stops the server and waits for it to exit. */
  stop(): Promise<void>;
}

/** Starts the app's `server.mjs` on a free port, with a secret and `AUTH_URL` in its environment. */
export async function startPackedApp(app: string): Promise<RunningApp> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["server.mjs"], {
    cwd: app,
    env: { ...process.env, PORT: String(port), AUTH_SECRET: "a".repeat(40), AUTH_URL: `${origin}/auth` },
    stdio: ["ignore", "pipe", "pipe"],
  });
  await listening(server);
  return {
    origin,
    async stop() {
      if (server.exitCode !== null) return;
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    },
  };
}
