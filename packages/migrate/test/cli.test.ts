/**
 * The codemod as a user runs it: an Express app written as the @auth/express docs show, copied to
 * a fresh folder, migrated by the real command line, then started and signed in to over HTTP.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { TestClient } from "@portcullis/testkit";
import type { Express } from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const here = fileURLToPath(new URL(".", import.meta.url));
const cli = fileURLToPath(new URL("../src/cli.ts", import.meta.url));
// Inside the repository, so the migrated app resolves `express` and the Portcullis packages.
const work = mkdtempSync(join(here, "fixtures", ".work-"));
const app = join(work, "express-app");

function runCli(...args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", cli, ...args], { encoding: "utf8" });
}

beforeAll(() => {
  cpSync(join(here, "fixtures", "express-app"), app, { recursive: true });
});
afterAll(() => {
  rmSync(work, { recursive: true, force: true });
});

describe("npx @portcullis/migrate on an @auth/express app", () => {
  it("changes nothing on --dry-run and lists what it would change", () => {
    const before = readFileSync(join(app, "src", "app.ts"), "utf8");
    const run = runCli(app, "--dry-run");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Would change 4 file(s)");
    expect(readFileSync(join(app, "src", "app.ts"), "utf8")).toBe(before);
  });

  it("rewrites the sources and package.json, keeping the Auth.js adapter", () => {
    const run = runCli(app);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Changed 4 file(s)");
    for (const file of ["package.json", "src/app.ts", "src/auth.config.ts", "src/types.ts"])
      expect(run.stdout).toContain(file);
    const manifest = JSON.parse(readFileSync(join(app, "package.json"), "utf8"));
    expect(manifest.dependencies).toEqual({
      "@portcullis/express": "^0.1.0",
      "@portcullis/core": "^0.1.0",
      "@auth/kysely-adapter": "1.11.1",
      express: "5.3.0",
    });
    const sources = ["app.ts", "auth.config.ts", "types.ts"].map((f) =>
      readFileSync(join(app, "src", f), "utf8"),
    );
    expect(sources.join("\n")).not.toMatch(
      /from "@auth\/(core|express)|import\("@auth\/|declare module "@auth/,
    );
    expect(sources[2]).toContain(`"@auth/express is what this app used"`);
  });

  it("answers its usage for --help and exits 2 on an unknown option", () => {
    expect(runCli("--help").stdout).toContain("Usage: portcullis-migrate");
    expect(runCli("--frobnicate").status).toBe(2);
  });

  describe("the migrated app", () => {
    let server: Server;
    let origin: string;
    beforeAll(async () => {
      const { app: express } = (await import(join(app, "src", "app.ts"))) as { app: Express };
      server = await new Promise<Server>((resolve) => {
        const s = express.listen(0, "127.0.0.1", () => resolve(s));
      });
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => {
      server.closeAllConnections();
      server.close();
    });

    it("signs in with credentials and reads the session with getSession", async () => {
      const browser = new TestClient((request) => fetch(request, { redirect: "manual" }), origin);
      expect((await browser.get("/")).status).toBe(401);
      const csrfToken = await browser.csrfToken();
      const signedIn = await browser.post("/auth/callback/credentials", {
        form: { csrfToken, username: "alice", password: "wonderland" },
      });
      expect(signedIn.status).toBe(302);
      expect(await (await browser.get("/")).text()).toBe("signed in as Alice");
    });
  });
});
