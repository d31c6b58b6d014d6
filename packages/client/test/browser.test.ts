/**
 * The client in a real browser with its built-in defaults: Chromium loads a page served by the
 * Portcullis server itself, imports the bundled client, and the client uses the page's origin,
 * the browser's own fetch and cookies, and real navigation through `window.location`.
 */
import { fileURLToPath } from "node:url";
import { Auth } from "@portcullis/core";
import { launchChromium, type ServedApp, serve } from "@portcullis/testkit";
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { portcullisConfig } from "./helpers";

/** Any page of the app: it imports the client and exposes it as `window.portcullis`. */
const PAGE = `<!doctype html>
<html><body><script type="module">
  import * as portcullis from "/client.js";
  window.portcullis = portcullis;
</script></body></html>`;

let app: ServedApp;
let browser: Browser;

beforeAll(async () => {
  const entry = fileURLToPath(new URL("../src/index.ts", import.meta.url));
  const bundle = await build({ entryPoints: [entry], bundle: true, format: "esm", write: false });
  const script = bundle.outputFiles[0]?.text ?? "";
  const config = portcullisConfig().config;
  app = await serve(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/auth/")) return Auth(request, config);
    if (pathname === "/client.js")
      return new Response(script, { headers: { "content-type": "text/javascript" } });
    return new Response(PAGE, { headers: { "content-type": "text/html" } });
  });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Opens `path` and waits until the page has loaded the client. */
async function open(path: string): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${app.url}${path}`);
  await page.waitForFunction("window.portcullis !== undefined");
  return page;
}

/** Starts `call` (an expression using `portcullis`) in the page without waiting for it. */
function start(page: Page, call: string): Promise<void> {
  return page.evaluate(`void window.portcullis.${call}`);
}

it("signs in from a page and navigates the browser to redirectTo, where the session is readable", async () => {
  const page = await open("/login");
  await Promise.all([
    page.waitForURL(`${app.url}/dashboard`),
    start(
      page,
      `signIn("credentials", { username: "alice", password: "wonderland", redirectTo: "/dashboard" })`,
    ),
  ]);
  await page.waitForFunction("window.portcullis !== undefined");
  const session = (await page.evaluate("window.portcullis.getSession()")) as {
    user?: { name?: string };
  } | null;
  expect(session?.user?.name).toBe("Alice");
  await page.close();
});

it("comes back to the current page by default when signing in without a provider", async () => {
  const page = await open("/account?tab=security");
  await Promise.all([page.waitForURL(/\/auth\/signin\?/), start(page, "signIn()")]);
  const url = new URL(page.url());
  expect(url.pathname).toBe("/auth/signin");
  expect(url.searchParams.get("callbackUrl")).toBe(`${app.url}/account?tab=security`);
  await page.close();
});

it("reloads the page when signing out to the same page with only a hash added", async () => {
  const page = await open("/home");
  await page.evaluate(
    `window.portcullis.signIn("credentials", { username: "alice", password: "wonderland", redirect: false })`,
  );
  await page.evaluate("window.beforeSignOut = true");
  await Promise.all([page.waitForEvent("load"), start(page, `signOut({ redirectTo: "/home#signed-out" })`)]);
  await page.waitForFunction("window.portcullis !== undefined");
  expect(page.url()).toBe(`${app.url}/home#signed-out`);
  // A fresh document has no marker: the page was loaded again, not merely scrolled to the hash.
  expect(await page.evaluate("window.beforeSignOut")).toBeUndefined();
  expect(await page.evaluate("window.portcullis.getSession()")).toBeNull();
  await page.close();
});
