/** The demo on a SQLite file of its own, and a headless Chromium to drive it: what the browser tests share. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { launchChromium } from "@portcullis/testkit";
import type { Browser } from "playwright-core";
import { startDemo } from "../src/app";

/** A running demo and browser. */
export interface DemoInChromium {
  demo: Awaited<ReturnType<typeof startDemo>>;
  browser: Browser;
  /** The last magic link mailed to each address. */
  links: Map<string, string>;
  /** Closes the browser, stops the demo and deletes its database. */
  stop(): Promise<void>;
}

/**
 * Starts the demo on 127.0.0.1 (a free port, a database in a new temp directory, magic links
 * kept instead of printed) and launches Chromium.
 *
 * @returns The demo, the browser and the links; `stop()` undoes all of it.
 * @example
 * ```ts
 * let run: DemoInChromium;
 * beforeAll(async () => { run = await startDemoInChromium(); });
 * afterAll(() => run?.stop());
 * ```
 */
export async function startDemoInChromium(): Promise<DemoInChromium> {
  const dir = mkdtempSync(join(tmpdir(), "portcullis-demo-"));
  const links = new Map<string, string>();
  const demo = await startDemo({
    port: 0,
    host: "127.0.0.1",
    databaseFile: join(dir, "demo.sqlite"),
    onMagicLink: (email, url) => links.set(email, url),
  });
  const browser = await launchChromium();
  return {
    demo,
    browser,
    links,
    stop: async () => {
      await browser.close();
      await demo.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
