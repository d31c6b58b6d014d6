/**
 * The one-time code in real Chromium: the built-in sign-in page requests it, the mail goes through
 * a real SMTP server, and the verify-request page's code form, filled in as a person (or the
 * browser's one-time-code autofill) would, signs in.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import Nodemailer from "@portcullis/core/providers/nodemailer";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { launchChromium, type ServedApp, type SmtpSink, serve, startSmtpSink } from "@portcullis/testkit";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const SECRET = "browser-code-secret-with-at-least-32-characters";
const EMAIL = "ada@example.com";

let sink: SmtpSink;
let app: ServedApp;
let browser: Browser;
let origin: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter: MemoryAdapter(),
    providers: [Nodemailer({ server: sink.url, from: "no-reply@example.test", code: { link: false } })],
    logger: { error: () => {}, warn: () => {} },
  };
  app = await serve(async (request) => {
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
  await sink?.stop();
});

describe("one-time code in Chromium", () => {
  it("requests a code on the sign-in page and signs in through the verify-request page's form", async () => {
    const page = await browser.newPage();
    await page.goto(`${origin}/auth/signin`);
    await page.fill('input[name="email"]', EMAIL);
    await Promise.all([
      page.waitForURL(/\/auth\/verify-request\?/),
      page.click('form button[type="submit"]'),
    ]);
    const mail = await sink.waitForMail(EMAIL);
    const code = /Your sign-in code: (\d+)/.exec(mail.text)?.[1] ?? "";
    expect(await page.inputValue("#vr-email")).toBe(EMAIL);
    // A wrong code first: the page comes back with the error and the form, ready for the right one.
    await Promise.all([
      page.waitForURL(/error=WrongCode/),
      page.fill("#vr-code", "000000" === code ? "111111" : "000000").then(() => page.click("form button")),
    ]);
    expect(await page.textContent('[role="alert"]')).toContain("That code is not right.");
    await page.fill("#vr-code", code);
    await Promise.all([page.waitForURL(`${origin}/`), page.click("form button")]);
    const session = await page.evaluate(async () => (await fetch("/auth/session")).json());
    expect(session).toMatchObject({ user: { email: EMAIL } });
    await page.close();
  });
});
