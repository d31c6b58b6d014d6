/**
 * The magic-link mail speaks the visitor's language: requested over HTTP with an Accept-Language
 * header (or under a theme locale) among the languages the app gives, sent through a real SMTP
 * server, and read back from it.
 */

import { languages } from "@portcullis/core/languages";
import { verificationEmail } from "@portcullis/core/providers/email-message";
import { type SmtpSink, startSmtpSink } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailApp, linkOf } from "./helpers";

let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.stop();
});

/** Asks for a link from a browser whose Accept-Language header is `language`, and reads the mail. */
async function mailIn(app: ReturnType<typeof emailApp>, email: string, language?: string) {
  const browser = app.browser();
  const csrfToken = await browser.csrfToken();
  const response = await browser.post("/auth/signin/nodemailer", {
    form: { csrfToken, email, callbackUrl: "/dashboard" },
    headers: language === undefined ? {} : { "accept-language": language },
  });
  expect(response.status).toBe(302);
  return sink.waitForMail(email);
}

describe("the sign-in mail's language", () => {
  it("is German for a browser that prefers German", async () => {
    const mail = await mailIn(
      emailApp(sink, { config: { theme: { languages } } }),
      "hanna@example.com",
      "de-AT,de;q=0.9,en;q=0.5",
    );
    expect(mail.subject).toBe("Bei localhost:3000 anmelden");
    expect(mail.text.split("\n")[0]).toBe("Bei localhost:3000 anmelden");
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
    expect(mail.html).toContain(">Anmelden</a>");
    expect(mail.html).toContain("Wenn Sie diese E-Mail nicht angefordert haben");
    // The link is still where the tests and people find it.
    expect(linkOf(mail).pathname).toBe("/auth/callback/nodemailer");
  });

  it("is English without an Accept-Language header, as before", async () => {
    const mail = await mailIn(emailApp(sink), "ada@example.com");
    expect(mail.subject).toBe("Sign in to localhost:3000");
    expect(mail.html).toContain('<html lang="en" dir="ltr">');
    expect(mail.html).toContain(">Sign in</a>");
  });

  it("follows the theme's locale over the header, and writes Arabic right to left", async () => {
    const app = emailApp(sink, { config: { theme: { languages, locale: "ar" } } });
    const mail = await mailIn(app, "layla@example.com", "de");
    expect(mail.subject).toBe("تسجيل الدخول إلى localhost:3000");
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
  });

  it("applies the app's own wording of a message", async () => {
    const app = emailApp(sink, {
      config: {
        theme: { languages, messages: { emailSubject: "Your {host} link", emailButton: "Open the app" } },
      },
    });
    const mail = await mailIn(app, "own@example.com", "de");
    expect(mail.subject).toBe("Your localhost:3000 link");
    expect(mail.html).toContain(">Open the app</a>");
    // Messages the app did not override stay in the visitor's language.
    expect(mail.html).toContain("Wenn Sie diese E-Mail nicht angefordert haben");
  });

  it("escapes an app's message in the HTML, and refuses one that would add a mail header", () => {
    const url = "https://app.example.com/auth/callback/email?token=t";
    const marked = verificationEmail({
      to: "ada@example.com",
      url,
      theme: { messages: { emailIgnore: "<b>bold</b>" } },
    });
    expect(marked.html).toContain("&lt;b&gt;bold&lt;/b&gt;");
    expect(() =>
      verificationEmail({
        to: "ada@example.com",
        url,
        theme: { messages: { emailSubject: "Hi\r\nBcc: eve@evil.test" } },
      }),
    ).toThrow(/control characters/);
  });

  it.each(Object.keys(languages))(
    "has every mail text in %s, with the host in subject and heading",
    (lang) => {
      const mail = verificationEmail({
        to: "ada@example.com",
        url: "https://app.example.com/auth/callback/email?token=t",
        theme: { languages, locale: lang },
      });
      expect(mail.subject).toContain("app.example.com");
      expect(mail.text.split("\n")[0]).toContain("app.example.com");
      expect(mail.html).toContain(`<html lang="${lang}" dir="${lang === "ar" ? "rtl" : "ltr"}">`);
      if (lang !== "en") expect(mail.html).not.toContain("If you did not request this email");
    },
  );
});
