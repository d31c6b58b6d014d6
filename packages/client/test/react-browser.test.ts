/**
 * SessionProvider and useSession in a real browser: Chromium loads a page served by a real
 * Portcullis server; the page renders a provider and a component showing `status|name|greeting`,
 * where `greeting` is a value the test changes on the server (through the `session` callback) to
 * see when a signed-in page fetched again. The page counts the session fetches it starts, so a test can
 * prove that a fetch did or did not start without waiting for anything.
 */
import { fileURLToPath } from "node:url";
import { Auth } from "@portcullis/core";
import { launchChromium, type ServedApp, serve } from "@portcullis/testkit";
import { build } from "esbuild";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { portcullisConfig } from "./helpers";

/**
 * The app. Query parameters choose the provider's and the hook's options: `interval` (seconds),
 * `onlineOnly` (refetchWhenOffline false), `required=callback` (count onUnauthenticated calls) and
 * `required=redirect` (the default redirect to the sign-in page).
 */
const APP = `
import { createElement as h, useEffect } from "react";
import { createRoot } from "react-dom/client";
import * as auth from "../src/react.ts";

window.auth = auth;
window.statuses = [];
window.sessionFetches = 0;
window.unauthenticatedCalls = 0;
const pageFetch = window.fetch;
window.fetch = (input, init) => {
  if (String(input).endsWith("/auth/session") && (init?.method ?? "GET") === "GET") window.sessionFetches++;
  return pageFetch(input, init);
};
const query = new URLSearchParams(location.search);
const required = query.get("required");
const hookOptions = required === null ? undefined : {
  required: true,
  onUnauthenticated: required === "callback" ? () => { window.unauthenticatedCalls++; } : undefined,
};

function Status() {
  const session = auth.useSession(hookOptions);
  window.update = session.update;
  useEffect(() => { window.statuses.push(session.status); }, [session.status]);
  const { data } = session;
  return h("output", { id: "status" }, [session.status, data?.user?.name ?? "", data?.greeting ?? ""].join("|"));
}

const provider = { refetchInterval: Number(query.get("interval") ?? 0), refetchWhenOffline: !query.has("onlineOnly") };
createRoot(document.getElementById("root")).render(h(auth.SessionProvider, provider, h(Status)));
`;

const PAGE = `<!doctype html>
<html><body><div id="root"></div><script type="module" src="/app.js"></script></body></html>`;

const SIGN_IN = `window.auth.signIn("credentials", { username: "alice", password: "wonderland", redirect: false })`;

let app: ServedApp;
let browser: Browser;
let context: BrowserContext;
/** What the server's `session` callback adds to the session. */
let greeting = "hello";

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: APP, resolveDir: fileURLToPath(new URL(".", import.meta.url)), sourcefile: "app.js" },
    bundle: true,
    format: "esm",
    write: false,
    define: { "process.env.NODE_ENV": '"production"' },
  });
  const script = bundle.outputFiles[0]?.text ?? "";
  // Mounted where the React entry looks by default (next-auth/react's /api/auth): the page's
  // provider is given no basePath.
  const { config } = portcullisConfig({ basePath: "/api/auth" });
  config.callbacks = { ...config.callbacks, session: ({ session }) => Object.assign(session, { greeting }) };
  app = await serve(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/api/auth/")) return Auth(request, config);
    if (pathname === "/app.js")
      return new Response(script, { headers: { "content-type": "text/javascript" } });
    return new Response(PAGE, { headers: { "content-type": "text/html" } });
  });
  browser = await launchChromium();
});

beforeEach(async () => {
  greeting = "hello";
  context = await browser.newContext();
});

afterEach(async () => {
  await context?.close();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Opens the app in a new tab of the test's browser context. */
async function open(query = "", tab?: (page: Page) => Promise<void>): Promise<Page> {
  const page = await context.newPage();
  await tab?.(page);
  await page.goto(`${app.url}/${query}`);
  return page;
}

/** Waits until the page shows `expected` (`status|name|greeting`); on failure, says what it shows. */
async function shows(page: Page, expected: string): Promise<void> {
  try {
    await page.waitForFunction((text) => document.getElementById("status")?.textContent === text, expected, {
      timeout: 5_000,
    });
  } catch {
    const actual = await page.evaluate(() => document.getElementById("status")?.textContent);
    throw new Error(`expected the page to show "${expected}", it shows "${actual}"`);
  }
}

/** Fires `visibilitychange` `times` times (the page is visible) and answers how many session fetches started. */
async function focus(page: Page, times: number): Promise<number> {
  return (await page.evaluate(`(() => {
    const before = window.sessionFetches;
    for (let i = 0; i < ${times}; i++) document.dispatchEvent(new Event("visibilitychange"));
    return window.sessionFetches - before;
  })()`)) as number;
}

it("shows loading first, then unauthenticated once the one session fetch answers", async () => {
  const page = await open();
  await shows(page, "unauthenticated||");
  expect(await page.evaluate("window.statuses")).toEqual(["loading", "unauthenticated"]);
  expect(await page.evaluate("window.sessionFetches")).toBe(1);
});

it("turns authenticated without a reload after the entry's signIn with redirect false", async () => {
  const page = await open();
  await shows(page, "unauthenticated||");
  await page.evaluate("window.sameDocument = true");
  expect(await page.evaluate(`${SIGN_IN}.then((result) => result.ok)`)).toBe(true);
  await shows(page, "authenticated|Alice|hello");
  expect(await page.evaluate("window.sameDocument")).toBe(true);
});

it("update(data) posts through the client and shows the name the jwt callback took from it", async () => {
  const page = await open();
  await shows(page, "unauthenticated||");
  await page.evaluate(SIGN_IN);
  await shows(page, "authenticated|Alice|hello");
  const updated = await page.evaluate(`window.update({ name: "Alice Liddell" })`);
  expect(updated).toMatchObject({ user: { name: "Alice Liddell" } });
  await shows(page, "authenticated|Alice Liddell|hello");
  expect(await page.evaluate("window.auth.getSession()")).toMatchObject({ user: { name: "Alice Liddell" } });
});

it("refetches when the page becomes visible, two triggers at once sharing one request", async () => {
  const page = await open();
  await page.evaluate(SIGN_IN);
  await shows(page, "authenticated|Alice|hello");
  greeting = "welcome back";
  expect(await focus(page, 2)).toBe(1);
  await shows(page, "authenticated|Alice|welcome back");
});

it("skips the focus refetch while offline when refetchWhenOffline is false", async () => {
  const page = await open("?onlineOnly");
  await shows(page, "unauthenticated||");
  await context.setOffline(true);
  expect(await focus(page, 1)).toBe(0);
  await context.setOffline(false);
  expect(await focus(page, 1)).toBe(1);
});

it("refetches every refetchInterval seconds", async () => {
  const page = await open("?interval=30", (tab) => tab.clock.install());
  await page.evaluate(SIGN_IN);
  await shows(page, "authenticated|Alice|hello");
  greeting = "polled";
  await page.clock.runFor(30_000);
  await shows(page, "authenticated|Alice|polled");
});

it("turns unauthenticated after the entry's signOut with redirect false", async () => {
  const page = await open();
  await page.evaluate(SIGN_IN);
  await shows(page, "authenticated|Alice|hello");
  await page.evaluate(`window.auth.signOut({ redirect: false })`);
  await shows(page, "unauthenticated||");
  expect(await page.evaluate("window.auth.getSession()")).toBeNull();
});

it("calls onUnauthenticated once per missing session and reports loading when a session is required", async () => {
  const page = await open("?required=callback");
  await page.waitForFunction("window.unauthenticatedCalls === 1");
  await shows(page, "loading||");
  await page.evaluate(SIGN_IN);
  await shows(page, "authenticated|Alice|hello");
  await page.evaluate(`window.auth.signOut({ redirect: false })`);
  await page.waitForFunction("window.unauthenticatedCalls === 2");
  expect(await page.evaluate("window.statuses")).toEqual(["loading", "authenticated", "loading"]);
});

it("sends the browser to the sign-in page, coming back afterwards, when a required session is missing", async () => {
  const page = await open("?required=redirect");
  await page.waitForURL(/\/api\/auth\/signin\?/);
  const url = new URL(page.url());
  expect(url.searchParams.get("error")).toBe("SessionRequired");
  expect(url.searchParams.get("callbackUrl")).toBe(`${app.url}/?required=redirect`);
});

it("shows a second tab the sign-in, update and sign-out made in the first", async () => {
  const first = await open();
  const second = await open();
  await shows(second, "unauthenticated||");
  await first.evaluate(SIGN_IN);
  await shows(second, "authenticated|Alice|hello");
  await first.evaluate(`window.update({ name: "Alice Liddell" })`);
  await shows(second, "authenticated|Alice Liddell|hello");
  await first.evaluate(`window.auth.signOut({ redirect: false })`);
  await shows(second, "unauthenticated||");
});

it("keeps every tab signed in, and rejects, when the server refuses the sign-out", async () => {
  // A sibling subdomain's planted CSRF cookie (the same name, a longer Path): both copies are
  // sent, the core fails the CSRF check (MissingCSRF) and the session lives on.
  const first = await open();
  await first.evaluate(SIGN_IN);
  const second = await open();
  await shows(second, "authenticated|Alice|hello");
  await context.addCookies([
    {
      name: "authjs.csrf-token",
      value: `${"0".repeat(64)}%7C${"0".repeat(64)}`,
      domain: new URL(app.url).hostname,
      path: "/api",
    },
  ]);
  const outcome = await first.evaluate(
    `window.auth.signOut({ redirect: false }).then((a) => "resolved " + a.url, (e) => "rejected " + e.name)`,
  );
  expect(outcome).toBe("rejected ClientFetchError");
  expect(await first.evaluate("window.auth.getSession().then((s) => s?.user?.name)")).toBe("Alice");
  // Nothing was announced: a refetch in either tab still finds the session it shows.
  expect(await focus(second, 1)).toBe(1);
  await shows(first, "authenticated|Alice|hello");
  await shows(second, "authenticated|Alice|hello");
});
