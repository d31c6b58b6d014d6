/**
 * `signIn` of @portcullis/sveltekit/webauthn in real Chromium with a CDP virtual authenticator:
 * it registers a passkey for a new email, and after signing out signs the same user in with it.
 * The module is bundled for the browser as an app's bundler would; the app runs behind a real HTTP
 * server opened as http://localhost:<port>, because WebAuthn refuses IP-address origins.
 */
import { fileURLToPath } from "node:url";
import { Auth, type AuthConfig } from "@portcullis/core";
import Credentials from "@portcullis/core/providers/credentials";
import Passkey from "@portcullis/core/providers/passkey";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { enableVirtualAuthenticator, launchChromium, type ServedApp, serve } from "@portcullis/testkit";
import { build } from "esbuild";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";

const EMAIL = "ada@example.com";
const PAGE = `<!doctype html>
<html><body><script type="module">
  import * as webauthn from "/webauthn.js";
  window.webauthn = webauthn;
</script></body></html>`;

const adapter = MemoryAdapter();
const config: AuthConfig = {
  secret: "a-secret-of-the-webauthn-test-that-is-long-enough",
  trustHost: true,
  providers: [Passkey, Credentials({ authorize: () => null })],
  adapter,
  experimental: { enableWebAuthn: true },
  logger: { warn: () => {} },
};

let browser: Browser;
let app: ServedApp;
let origin: string;

/**
 * The module bundled for the browser. `$app/paths` is a module SvelteKit's bundler plugin
 * provides; outside SvelteKit it is given here with the value an app without `paths.base` has.
 */
async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [fileURLToPath(new URL("../src/webauthn.ts", import.meta.url))],
    bundle: true,
    format: "esm",
    write: false,
    alias: { "@portcullis/client": fileURLToPath(new URL("../../client/src/index.ts", import.meta.url)) },
    plugins: [
      {
        name: "sveltekit-paths",
        setup(plugin) {
          plugin.onResolve({ filter: /^\$app\/paths$/ }, () => ({ path: "paths", namespace: "sveltekit" }));
          plugin.onLoad({ filter: /.*/, namespace: "sveltekit" }, () => ({
            contents: 'export const base = "";',
          }));
        },
      },
    ],
  });
  return result.outputFiles[0]?.text ?? "";
}

beforeAll(async () => {
  const script = await bundle();
  app = await serve(async (request) => {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/auth/")) return Auth(request, config);
    if (pathname === "/webauthn.js")
      return new Response(script, { headers: { "Content-Type": "text/javascript" } });
    return new Response(PAGE, { headers: { "Content-Type": "text/html" } });
  });
  origin = `http://localhost:${app.port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

async function session(page: Page): Promise<{ user?: { email?: string } } | null> {
  return page.evaluate(async () => (await fetch("/auth/session")).json());
}

/** Calls the module's signIn in the page, as an app's button handler would. */
function signIn(page: Page, provider: string, options: Record<string, unknown>) {
  return page.evaluate(
    ([id, opts]) =>
      (
        window as unknown as {
          webauthn: { signIn(id: string, opts: unknown): Promise<unknown> };
        }
      ).webauthn.signIn(id as string, opts),
    [provider, options] as const,
  );
}

it("registers a passkey for a new email, then signs the same user in with it after signing out", async () => {
  const page = await browser.newPage();
  await enableVirtualAuthenticator(page);
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => "webauthn" in window);

  const registered = await signIn(page, "passkey", { email: EMAIL, redirect: false, redirectTo: "/home" });
  expect(registered).toMatchObject({ ok: true, error: undefined, url: `${origin}/home` });
  expect(await session(page)).toMatchObject({ user: { email: EMAIL } });
  const user = await adapter.getUserByEmail!(EMAIL);

  await page.evaluate(async () => {
    const { csrfToken } = await (await fetch("/auth/csrf")).json();
    await fetch("/auth/signout", { method: "POST", body: new URLSearchParams({ csrfToken }) });
  });
  expect(await session(page)).toBeNull();

  // No email: the server asks for an existing passkey, and the authenticator has one.
  await Promise.all([page.waitForURL(`${origin}/home`), signIn(page, "passkey", { redirectTo: "/home" })]);
  const again = await session(page);
  expect(again).toMatchObject({ user: { email: EMAIL } });
  expect((await adapter.getUserByEmail!(EMAIL))?.id).toBe(user?.id);
  await page.close();
});

it.each([
  ["a credentials provider", "credentials"],
  ["an unknown provider", "nope"],
])("refuses %s with a TypeError before any ceremony", async (_name, provider) => {
  const page = await browser.newPage();
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => "webauthn" in window);
  const error = await signIn(page, provider, { redirect: false }).then(
    () => "resolved",
    (thrown: Error) => thrown.message,
  );
  expect(error).toContain("is not a WebAuthn provider");
  await page.close();
});
