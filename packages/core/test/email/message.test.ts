/** The default sign-in email and the address normalisation, as the providers use them. */
import { normalizeEmailAddress } from "@portcullis/core/flows/email/normalize";
import { verificationEmail } from "@portcullis/core/providers/email-message";
import { describe, expect, it } from "vitest";

const URL_ =
  "https://app.example.com:8443/auth/callback/email?callbackUrl=%2F&token=abc&email=ada%40example.com";

describe("verificationEmail", () => {
  it("builds subject, sender and text body from the link's host", () => {
    const mail = verificationEmail({ to: "ada@example.com", url: URL_, theme: {} });
    expect(mail).toMatchObject({
      to: "ada@example.com",
      from: "no-reply@app.example.com",
      subject: "Sign in to app.example.com:8443",
      text: `Sign in to app.example.com:8443\n${URL_}\n\n`,
    });
  });

  it("escapes the link in the HTML body", () => {
    const mail = verificationEmail({ to: "ada@example.com", url: URL_, theme: {} });
    expect(mail.html).toContain(`href="${URL_.replaceAll("&", "&amp;")}"`);
    expect(mail.html).not.toContain("token=abc&email");
  });

  it.each([
    ["recipient", { to: "ada@example.com\r\nBcc: eve@evil.test" }],
    ["sender", { to: "ada@example.com", from: "app@example.com\nBcc: eve@evil.test" }],
    ["sender with a bare CR", { to: "ada@example.com", from: "app@example.com\rX-Injected: 1" }],
  ])("refuses a %s carrying a line break", (_name, fields) => {
    expect(() => verificationEmail({ url: URL_, theme: {}, ...fields })).toThrow(/control characters/);
  });

  it("keeps the addresses out of the error message", () => {
    expect(() => verificationEmail({ to: "secret-person@example.com\r\n", url: URL_, theme: {} })).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("secret-person") }),
    );
  });
});

describe("normalizeEmailAddress", () => {
  it.each([
    ["  Ada@Example.COM\t", "ada@example.com"],
    ["ａｄａ@example.com", "ada@example.com"],
    ["ada+tag@sub.example.co.uk", "ada+tag@sub.example.co.uk"],
    ["ada@bücher.example", "ada@bücher.example"],
    ["o'neil@example.com", "o'neil@example.com"],
  ])("turns %j into %j", (input, expected) => {
    expect(normalizeEmailAddress(input)).toBe(expected);
  });

  it("is idempotent, so a link's address normalises to the stored identifier", () => {
    const once = normalizeEmailAddress(" Ｇrace@EXAMPLE.com ");
    expect(normalizeEmailAddress(once)).toBe(once);
  });

  it("does not repeat the address in its error", () => {
    expect(() => normalizeEmailAddress('"private-name"@example.com')).toThrow(
      expect.objectContaining({ message: expect.not.stringContaining("private-name") }),
    );
  });
});
