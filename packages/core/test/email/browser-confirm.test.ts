/**
 * The magic-link confirmation page in real Chromium: its button's POST must reach the app with
 * the page's Origin. Frameworks that guard form posts by Origin (SvelteKit's `checkOrigin`, on by
 * default) refuse `Origin: null`, which is what Chromium sends from a page whose
 * Referrer-Policy is `no-referrer`.
 */
import { createHash } from "node:crypto";
import { Auth, type AuthConfig } from "@portcullis/core";
import Nodemailer from "@portcullis/core/providers/nodemailer";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { launchChromium, type ServedApp, serve } from "@portcullis/testkit";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const SECRET = "browser-confirm-secret-with-at-least-32-characters";
const TOKEN = "browser-confirm-token-0123456789abcdef";
const EMAIL = "ada@example.com";

const adapter = MemoryAdapter();
const config: AuthConfig = {
  secret: SECRET,
  trustHost: true,
  adapter,
  // Never connected to: the link is stored by the test, no mail is sent.
  providers: [Nodemailer({ server: "smtp://127.0.0.1:9", from: "no-reply@example.test", confirm: true })],
  logger: { error: () => {}, warn: () => {} },
};
/** The Origin header of every POST the app received. */
const postOrigins: Array<string | null> = [];
let app: ServedApp;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  app = await serve(async (request) => {
    if (request.method === "POST") postOrigins.push(request.headers.get("origin"));
    if (new URL(request.url).pathname.startsWith("/auth/")) return Auth(request, config);
    return new Response("<!DOCTYPE html><title>Home</title><p>Home</p>", {
      headers: { "Content-Type": "text/html" },
    });
  });
  origin = `http://localhost:${app.port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await app?.close();
});

describe("magic-link confirmation in Chromium", () => {
  it("posts the confirmation with the page's Origin and signs in", async () => {
    await adapter.createVerificationToken!({
      identifier: EMAIL,
      token: createHash("sha256").update(`${TOKEN}${SECRET}`).digest("hex"),
      expires: new Date(Date.now() + 3600 * 1000),
    });
    const page = await browser.newPage();
    await page.goto(`${origin}/auth/callback/nodemailer?token=${TOKEN}&email=${encodeURIComponent(EMAIL)}`);
    await Promise.all([page.waitForURL(`${origin}/`), page.click('form button[type="submit"]')]);
    expect(postOrigins).toEqual([origin]);
    const session = await page.evaluate(async () => (await fetch("/auth/session")).json());
    expect(session).toMatchObject({ user: { email: EMAIL } });
    await page.close();
  });
});
