/**
 * Session control in real browsers: two Chromium contexts (two browsers, each with its own
 * cookies) sign in as the same user to a Portcullis server whose JWT sessions are kept in a
 * session store. Each renders a SessionProvider showing `status|name`; one lists and revokes the
 * other's session, and the other's `useSession` turns unauthenticated at its next refetch.
 */
import { fileURLToPath } from "node:url";
import { Auth, type AuthConfig, memorySessionStore } from "@portcullis/core";
import { launchChromium, type ServedApp, serve } from "@portcullis/testkit";
import { build } from "esbuild";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { portcullisConfig } from "./helpers";

/** The app: a provider (polling every `interval` seconds, if given) around a status line. */
const APP = `
import { createElement as h } from "react";
import { createRoot } from "react-dom/client";
import * as auth from "../src/react.ts";

window.auth = auth;
function Status() {
  const { data, status } = auth.useSession();
  return h("output", { id: "status" }, [status, data?.user?.name ?? ""].join("|"));
}
const interval = Number(new URLSearchParams(location.search).get("interval") ?? 0);
createRoot(document.getElementById("root")).render(h(auth.SessionProvider, { refetchInterval: interval }, h(Status)));
`;

const PAGE = `<!doctype html>
<html><body><div id="root"></div><script type="module" src="/app.js"></script></body></html>`;

const SIGN_IN = `window.auth.signIn("credentials", { username: "alice", password: "wonderland", redirect: false })`;

let app: ServedApp;
let browser: Browser;
/** The server's config, with a new session store for each test, so no test sees another's sessions. */
let config: AuthConfig;
/** Two browsers of the same user: say a laptop and a phone. */
let laptop: BrowserContext;
let phone: BrowserContext;

beforeAll(async () => {
  const bundle = await build({
    stdin: { contents: APP, resolveDir: fileURLToPath(new URL(".", import.meta.url)), sourcefile: "app.js" },
    bundle: true,
    format: "esm",
    write: false,
    define: { "process.env.NODE_ENV": '"production"' },
  });
  const script = bundle.outputFiles[0]?.text ?? "";
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
  // revalidateAfter 0: every session read checks the store, so "the next refetch" is the one
  // that must notice the revocation, not one a minute later.
  config = portcullisConfig({
    basePath: "/api/auth",
    session: { strategy: "jwt", store: memorySessionStore(), revalidateAfter: 0 },
  }).config;
  laptop = await browser.newContext();
  phone = await browser.newContext();
});

afterEach(async () => {
  await laptop?.close();
  await phone?.close();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Opens the app in a new tab of `context`, signed in as alice. */
async function openSignedIn(context: BrowserContext, query = ""): Promise<Page> {
  const page = await context.newPage();
  if (query.includes("interval")) await page.clock.install();
  await page.goto(`${app.url}/${query}`);
  await shows(page, "unauthenticated|");
  await page.evaluate(SIGN_IN);
  await shows(page, "authenticated|Alice");
  return page;
}

/** Opens the app in another tab of `context`, already signed in there. */
async function openAnotherTab(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(app.url);
  await shows(page, "authenticated|Alice");
  return page;
}

/** Waits until the page shows `expected` (`status|name`); on failure, says what it shows. */
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

/** The page's session list, as `[current, userAgent]` pairs. */
async function listed(page: Page): Promise<[boolean, string | null][]> {
  return page.evaluate(async () => {
    const sessions = await (window as unknown as { auth: typeof import("../src/react") }).auth.listSessions();
    return (sessions ?? []).map((s) => [s.current, s.userAgent] as [boolean, string | null]);
  });
}

it("lists both browsers, revokes the other one, and the other's useSession turns unauthenticated at its next refetch", async () => {
  const laptopTab = await openSignedIn(laptop);
  const phoneTab = await openSignedIn(phone);
  const agent = await phoneTab.evaluate(() => navigator.userAgent);
  expect(await listed(phoneTab)).toEqual([
    [true, agent],
    [false, agent],
  ]);
  const revoked = await phoneTab.evaluate(`(async () => {
    const other = (await window.auth.listSessions()).find((s) => !s.current);
    return window.auth.revokeSession(other.id);
  })()`);
  expect(revoked).toBe(true);
  // No refetch has happened on the laptop yet: it still shows what it last knew.
  await shows(laptopTab, "authenticated|Alice");
  await laptopTab.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await shows(laptopTab, "unauthenticated|");
  await shows(phoneTab, "authenticated|Alice");
  expect(await listed(phoneTab)).toEqual([[true, agent]]);
});

it("revoking this browser's own session turns every tab of it unauthenticated at once", async () => {
  const first = await openSignedIn(laptop);
  const second = await openAnotherTab(laptop);
  await first.evaluate(`(async () => {
    const mine = (await window.auth.listSessions()).find((s) => s.current);
    return window.auth.revokeSession(mine.id);
  })()`);
  await shows(first, "unauthenticated|");
  await shows(second, "unauthenticated|");
});

it("signOutEverywhere signs this browser out at once and the other at its next poll", async () => {
  const laptopTab = await openSignedIn(laptop, "?interval=60");
  const phoneTab = await openSignedIn(phone);
  const otherPhoneTab = await openAnotherTab(phone);
  const answer = await phoneTab.evaluate(
    `window.auth.signOutEverywhere({ redirect: false, redirectTo: "/bye" })`,
  );
  expect(answer).toEqual({ url: `${app.url}/bye`, revoked: 2 });
  await shows(phoneTab, "unauthenticated|");
  await shows(otherPhoneTab, "unauthenticated|");
  await shows(laptopTab, "authenticated|Alice");
  await laptopTab.clock.runFor(60_000);
  await shows(laptopTab, "unauthenticated|");
});

it("signOutEverywhere navigates to redirectTo by default", async () => {
  const page = await openSignedIn(phone);
  await Promise.all([
    page.waitForURL(`${app.url}/signed-out`),
    page.evaluate(`void window.auth.signOutEverywhere({ redirectTo: "/signed-out" })`),
  ]);
  await shows(page, "unauthenticated|");
});
