/** What a newcomer meets in the first hour: the start-up, the sign-in page, the demo's own pages. */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as delay } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { launchChromium } from "@portcullis/testkit";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemo } from "../src/app";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const SERVER = join(ROOT, "examples/demo/src/server.ts");

let browser: Browser;
let demo: Awaited<ReturnType<typeof startDemo>>;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "portcullis-demo-first-hour-"));
  demo = await startDemo({ port: 0, host: "127.0.0.1", databaseFile: join(dir, "demo.sqlite") });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await demo?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `npm start`'s entry as the root script does, with these variables and no AUTH_* ones. */
function startServer(env: Record<string, string>): ChildProcess {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith("AUTH_")));
  return spawn(process.execPath, ["--import", "tsx", SERVER], {
    cwd: ROOT,
    env: { ...clean, DEMO_DATABASE: join(dir, "started.sqlite"), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
}

/** Everything the process wrote until it exited, and its exit code. */
function outcome(child: ChildProcess): Promise<{ code: number | null; stdout: string; stderr: string }> {
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, stdout, stderr })));
}

describe("demo, first hour", () => {
  it("gives each email field of the sign-in page its own label", async () => {
    const page = await browser.newPage();
    await page.goto(`${demo.url}/auth/signin`);
    const labels = await page.$$eval('input[type="email"]', (inputs) =>
      inputs.map((input) => (input as HTMLInputElement).labels?.[0]?.textContent?.trim() ?? ""),
    );
    expect(labels).toHaveLength(3);
    expect(new Set(labels).size).toBe(3);
    expect(labels).not.toContain("Email");
    expect(labels).toContain("Email for a magic link");
    await page.close();
  });

  it("serves an icon and links it from its pages", async () => {
    const icon = await fetch(`${demo.url}/favicon.ico`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get("content-type")).toBe("image/svg+xml");
    expect(await icon.text()).toMatch(/^<svg /);
    const home = await (await fetch(`${demo.url}/`)).text();
    expect(home).toContain('<link rel="icon" href="/favicon.ico"');
  });

  it("says who is signed in on every page of its own, and who is not", async () => {
    const page = await browser.newPage();
    await page.goto(`${demo.url}/nowhere`);
    expect(await page.textContent("header")).toContain("Not signed in");
    await page.goto(`${demo.url}/auth/signin`);
    await page.fill('input[name="email"][type="email"] >> nth=0', "alice@example.com");
    await page.fill('input[name="password"]', "wonderland");
    await Promise.all([
      page.waitForURL(`${demo.url}/`),
      page.click('button:has-text("Sign in with Password")'),
    ]);
    for (const path of ["/", "/private", "/nowhere"]) {
      await page.goto(`${demo.url}${path}`);
      expect(await page.textContent("header")).toContain("Signed in as alice@example.com");
    }
    await page.close();
  });

  it("prints where it listens and the variables it reads", async () => {
    const child = startServer({ PORT: "0" });
    const done = outcome(child);
    let printed = "";
    try {
      // Until the note's last line is out, or the process ends or stalls without it.
      await Promise.race([
        done,
        delay(15_000, undefined, { ref: false }),
        new Promise<void>((resolve) =>
          child.stdout?.on("data", (chunk) => {
            printed += chunk;
            if (printed.includes("AUTH_SECRET ")) resolve();
          }),
        ),
      ]);
    } finally {
      child.kill();
      await done;
    }
    expect(printed).toMatch(/Portcullis demo on http:\/\/localhost:\d+/);
    for (const name of [
      "PORT",
      "DEMO_DATABASE",
      "AUTH_GITHUB_ID",
      "AUTH_GITHUB_SECRET",
      "AUTH_GOOGLE_ID",
      "AUTH_SECRET",
    ])
      expect(printed).toContain(name);
  });

  it("says in one line that the port is taken, and exits with an error", async () => {
    const taken: Server = createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    const { port } = taken.address() as { port: number };
    try {
      const { code, stderr } = await outcome(startServer({ PORT: String(port) }));
      expect(code).not.toBe(0);
      expect(stderr.trim().split("\n")).toHaveLength(1);
      expect(stderr).toContain(`Port ${port} is already in use`);
      expect(stderr).toMatch(/PORT=\d+ npm start/);
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });
});
