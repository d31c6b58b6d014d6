/**
 * The codemod as a user runs it: Express apps written as the @auth/express docs show (Express 5
 * and Express 4), copied to a fresh folder, migrated by the real command line, then started and
 * used over HTTP and in Chromium (one browser for the file).
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium, TestClient } from "@portcullis/testkit";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenMigratedApp, type RunningApp, signInAndOutInChromium } from "./express-browser";

const here = fileURLToPath(new URL(".", import.meta.url));
const cli = fileURLToPath(new URL("../src/cli.ts", import.meta.url));
// Inside the repository, so the migrated app resolves `express` and the Portcullis packages.
const work = mkdtempSync(join(here, "fixtures", ".work-"));
const app = join(work, "express-app");
const app4 = join(work, "express4-app");

function runCli(...args: string[]) {
  return spawnSync(process.execPath, ["--import", "tsx", cli, ...args], { encoding: "utf8" });
}

/**
 * Gives the Express 4 app its own `node_modules/express`: a link to the repository's Express 4
 * (installed under the alias `express4`). Node resolves a bare import from the nearest
 * `node_modules` first, so the app's unchanged `import express from "express"` loads Express 4
 * exactly as it would after `npm install express@4` in the app, while the repository's
 * `express` stays Express 5 for everything else.
 */
function installExpress4(dir: string) {
  mkdirSync(join(dir, "node_modules"));
  const express4 = fileURLToPath(new URL("../../../node_modules/express4", import.meta.url));
  symlinkSync(express4, join(dir, "node_modules", "express"), "dir");
}

let browser: Browser | undefined;
beforeAll(async () => {
  cpSync(join(here, "fixtures", "express-app"), app, { recursive: true });
  cpSync(join(here, "fixtures", "express4-app"), app4, { recursive: true });
  installExpress4(app4);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  rmSync(work, { recursive: true, force: true });
});

function chromium(): Browser {
  if (!browser) throw new Error("Chromium did not start.");
  return browser;
}

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
    let running: RunningApp;
    beforeAll(async () => {
      running = await listenMigratedApp(join(app, "src", "app.ts"));
    });
    afterAll(() => running.close());

    it("signs in with credentials and reads the session with getSession", async () => {
      const browser = new TestClient((request) => fetch(request, { redirect: "manual" }), running.origin);
      expect((await browser.get("/")).status).toBe(401);
      const csrfToken = await browser.csrfToken();
      const signedIn = await browser.post("/auth/callback/credentials", {
        form: { csrfToken, username: "alice", password: "wonderland" },
      });
      expect(signedIn.status).toBe(302);
      expect(await (await browser.get("/")).text()).toBe("signed in as Alice");
    });

    it("signs in and out in Chromium through the built-in pages, from the 401 page's sign-in link", async () => {
      await signInAndOutInChromium(chromium(), {
        origin: running.origin,
        protectedPath: "/",
        signedOut: "link",
        signedInText: "signed in as Alice",
      });
    });
  });
});

describe("npx @portcullis/migrate on an @auth/express app on Express 4", () => {
  it("rewrites its sources and package.json and leaves Express 4 in place", () => {
    const run = runCli(app4);
    expect(run.status).toBe(0);
    const files = ["package.json", "src/app.ts", "src/auth.config.ts", "src/middleware.ts"];
    expect(run.stdout).toContain(`Changed ${files.length} file(s)`);
    for (const file of files) expect(run.stdout).toContain(file);
    const manifest = JSON.parse(readFileSync(join(app4, "package.json"), "utf8"));
    expect(manifest.dependencies).toEqual({
      "@portcullis/express": "^0.1.0",
      "@portcullis/core": "^0.1.0",
      express: "4.22.3",
    });
    const sources = files.map((file) => readFileSync(join(app4, file), "utf8")).join("\n");
    expect(sources).not.toMatch(/from "@auth\/|"@auth\/express": /);
    // The app's own `express` is the repository's Express 4, not the workspace's Express 5.
    const resolve = createRequire(join(app4, "src", "app.ts"));
    expect(JSON.parse(readFileSync(resolve.resolve("express/package.json"), "utf8")).version).toMatch(/^4\./);
  });

  describe("the migrated app", () => {
    let running: RunningApp;
    beforeAll(async () => {
      // Express 5 would refuse the app's "/auth/*" mount outright: starting at all means Express 4.
      running = await listenMigratedApp(join(app4, "src", "app.ts"));
    });
    afterAll(() => running.close());

    it("redirects a signed-out visitor of its protected page to the built-in sign-in page", async () => {
      const client = new TestClient((request) => fetch(request, { redirect: "manual" }), running.origin);
      const response = await client.get("/protected");
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/auth/signin?callbackUrl=%2Fprotected");
    });

    it("signs in and out in Chromium through the built-in pages, redirected from the protected page", async () => {
      await signInAndOutInChromium(chromium(), {
        origin: running.origin,
        protectedPath: "/protected",
        signedOut: "redirect",
        signedInText: "Signed in as Alice",
      });
    });
  });
});
