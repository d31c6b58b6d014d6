/**
 * OpenID Connect logout in real Chromium against a real OpenID Provider: the app's federated
 * sign-out goes through the provider's logout confirmation and back, ending both sessions; and a
 * logout at the provider reaches the app through the provider's own back-channel logout token,
 * ending JWT (with a session store) and database sessions.
 */
import { Auth, type AuthConfig, memorySessionStore } from "@portcullis/core";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { launchChromium, type ServedApp, serve, type TestOpenIdProvider } from "@portcullis/testkit";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SECRET } from "./helpers";
import { logoutProvider, startLogoutIdp } from "./logout-helpers";

let app: ServedApp;
let idp: TestOpenIdProvider;
let chromium: Browser;
let origin: string;
/** The configuration the app serves; each test sets its own. */
let current: AuthConfig;

beforeAll(async () => {
  app = await serve(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/auth/")) return Auth(request, current);
    return new Response(`<!DOCTYPE html><title>App</title><p>${pathname}</p>`, {
      headers: { "Content-Type": "text/html" },
    });
  });
  origin = `http://localhost:${app.port}`;
  idp = await startLogoutIdp(origin, app.url);
  chromium = await launchChromium();
});

afterAll(async () => {
  await chromium?.close();
  await idp?.stop();
  await app?.close();
});

/** A configuration for the served app, with the sessionsRevoked events it fires. */
function appConfig(overrides: Partial<AuthConfig>): { config: AuthConfig; revoked: unknown[] } {
  const revoked: unknown[] = [];
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    providers: [logoutProvider(idp)],
    logger: { error: () => {}, warn: () => {} },
    events: { sessionsRevoked: (message) => void revoked.push(message) },
    ...overrides,
  };
  current = config;
  return { config, revoked };
}

/** Signs in through the provider's login (as `sub`, when it asks) and lands on /home. */
async function signIn(page: Page, sub = "alice"): Promise<void> {
  idp.nextLogin({ sub });
  await page.goto(`${origin}/auth/signin?callbackUrl=${encodeURIComponent(`${origin}/home`)}`);
  await Promise.all([page.waitForURL(`${origin}/home`), page.click("button:has-text('Test IdP')")]);
}

/** The app's session, as the page's scripts see it. */
function sessionIn(page: Page): Promise<{ user?: { email?: string } } | null> {
  return page.evaluate(async () => (await fetch("/auth/session")).json());
}

/** Confirms the provider's "Do you want to sign out?" page, and waits for where it sends the browser. */
async function confirmProviderLogout(page: Page, then: string | ((url: URL) => boolean)): Promise<void> {
  await page.waitForSelector('button[name="logout"]');
  await Promise.all([page.waitForURL(then, { waitUntil: "commit" }), page.click('button[name="logout"]')]);
}

describe("RP-initiated logout in Chromium", () => {
  it("signs out of the app and the provider, and lands on the callbackUrl; signing in again asks to log in", async () => {
    appConfig({ providers: [logoutProvider(idp, { federated: true })] });
    const context = await chromium.newContext();
    const page = await context.newPage();
    await signIn(page);
    expect(await sessionIn(page)).toMatchObject({ user: { email: "alice@example.test" } });

    // The sign-out form as a page posts it (the client's signOut sends the same fields).
    await page.evaluate(async () => {
      const { csrfToken } = await (await fetch("/auth/csrf")).json();
      const form = document.createElement("form");
      form.method = "POST";
      form.action = "/auth/signout";
      for (const [name, value] of Object.entries({ csrfToken, callbackUrl: "/bye" })) {
        const input = document.createElement("input");
        input.type = "hidden";
        input.name = name;
        input.value = value;
        form.append(input);
      }
      document.body.append(form);
      form.submit();
    });
    await page.waitForURL((url) => url.href.startsWith(`${idp.issuer}/session/end`), { waitUntil: "commit" });
    await confirmProviderLogout(page, `${origin}/bye`);

    expect(await sessionIn(page)).toBeNull();
    // The provider's session is gone: it asks who is signing in, and bob does.
    await signIn(page, "bob");
    expect(await sessionIn(page)).toMatchObject({ user: { email: "bob@example.test" } });
    await context.close();
  });
});

describe("back-channel logout sent by the provider when its session ends", () => {
  const strategies: Array<[string, () => Partial<AuthConfig>]> = [
    [
      "a JWT session with a session store",
      () => ({ session: { strategy: "jwt", store: memorySessionStore(), revalidateAfter: 0 } }),
    ],
    ["a database session", () => ({ adapter: MemoryAdapter() })],
  ];

  it.each(strategies)("ends %s", async (_name, overrides) => {
    const { revoked } = appConfig(overrides());
    const context = await chromium.newContext();
    const page = await context.newPage();
    await signIn(page);
    expect(await sessionIn(page)).toMatchObject({ user: { email: "alice@example.test" } });

    // The user logs out at the provider itself, not through the app.
    await page.goto(`${idp.issuer}/session/end`, { waitUntil: "commit" });
    await confirmProviderLogout(page, (url) => url.href.startsWith(`${idp.issuer}/session/end/success`));

    expect(revoked).toEqual([{ user: { id: expect.any(String) }, count: 1 }]);
    await page.goto(`${origin}/home`);
    expect(await sessionIn(page)).toBeNull();
    await context.close();
  });
});
