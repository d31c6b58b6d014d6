/**
 * `confirm: true`: the link opens a page whose button POSTs the link's values, so a mail
 * scanner's GET cannot use the link up. Real SMTP sink, real memory adapter.
 */
import { type SmtpSink, startSmtpSink, type TestClient } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailApp, follow, linkOf, location, ORIGIN, requestLink } from "./helpers";

let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.stop();
});

async function confirmApp(email: string) {
  const app = emailApp(sink, { provider: { confirm: true } });
  const browser = app.browser();
  await requestLink(browser, email);
  const link = linkOf(await sink.waitForMail(email));
  return { app, browser, link };
}

/** The hidden inputs of the page's form, by name. */
function hiddenFields(page: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const match of page.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)) {
    fields[match[1] ?? ""] = (match[2] ?? "").replaceAll("&amp;", "&");
  }
  return fields;
}

async function openPage(browser: TestClient, link: URL) {
  const response = await follow(browser, link);
  expect(response.status).toBe(200);
  return { response, page: await response.text() };
}

describe("confirm: true", () => {
  it("answers the link with a confirmation form that posts to the callback and sets no session", async () => {
    const { browser, link } = await confirmApp("scan@example.com");
    const { response, page } = await openPage(browser, link);
    expect(response.headers.get("content-type")).toContain("text/html");
    expect(response.headers.get("referrer-policy")).toBe("same-origin");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(page).toContain(`action="${ORIGIN}/auth/callback/nodemailer" method="post"`);
    expect(page).toContain("scan@example.com");
    const fields = hiddenFields(page);
    expect(fields).toEqual({
      token: link.searchParams.get("token"),
      email: "scan@example.com",
      callbackUrl: `${ORIGIN}/dashboard`,
      csrfToken: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(await browser.session()).toBeNull();
  });

  it("leaves the token usable however often the link is fetched, and the POST signs in", async () => {
    const { app, link } = await confirmApp("twice-get@example.com");
    await openPage(app.browser(), link);
    const browser = app.browser();
    const { page } = await openPage(browser, link);
    const response = await browser.post("/auth/callback/nodemailer", { form: hiddenFields(page) });
    expect(location(response)).toBe(`${ORIGIN}/dashboard`);
    const session = (await browser.session()) as { user: { email: string } };
    expect(session.user.email).toBe("twice-get@example.com");
    expect((await app.adapter.getUserByEmail!("twice-get@example.com"))?.emailVerified).not.toBeNull();
  });

  it("refuses the POST without a valid CSRF token and keeps the link usable", async () => {
    const { browser, link } = await confirmApp("nocsrf@example.com");
    const { page } = await openPage(browser, link);
    const fields = hiddenFields(page);
    const forged = await browser.post("/auth/callback/nodemailer", {
      form: { ...fields, csrfToken: "0".repeat(64) },
    });
    expect(location(forged)).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`);
    expect(await browser.session()).toBeNull();
    const genuine = await browser.post("/auth/callback/nodemailer", { form: fields });
    expect(location(genuine)).toBe(`${ORIGIN}/dashboard`);
  });

  it("rejects a second POST of the same form with Verification", async () => {
    const { browser, link } = await confirmApp("repost@example.com");
    const fields = hiddenFields((await openPage(browser, link)).page);
    expect(location(await browser.post("/auth/callback/nodemailer", { form: fields }))).toBe(
      `${ORIGIN}/dashboard`,
    );
    expect(location(await browser.post("/auth/callback/nodemailer", { form: fields }))).toBe(
      `${ORIGIN}/auth/error?error=Verification`,
    );
  });

  it("answers a link without token with Verification instead of a page", async () => {
    const { browser, link } = await confirmApp("notoken@example.com");
    const broken = new URL(link);
    broken.searchParams.delete("token");
    expect(location(await follow(browser, broken))).toBe(`${ORIGIN}/auth/error?error=Verification`);
  });
});
