/**
 * Bad input to the email sign-in, each with its answer: a clear error redirect, nothing mailed,
 * and no usable token left behind. Real SMTP sink (refusing or stopped), real memory adapter.
 */
import { createHash } from "node:crypto";
import Email from "@portcullis/core/providers/email";
import { type SmtpSink, startSmtpSink } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailApp, follow, linkOf, location, logText, ORIGIN, requestLink, SECRET } from "./helpers";

const EMAIL_SIGNIN_ERROR = `${ORIGIN}/auth/signin?error=Configuration`;

/** The sign-in page URL for a refused address, with what the visitor typed kept for the form. */
function refusedAddress(typed?: string): string {
  const url = new URL(`${ORIGIN}/auth/signin`);
  url.searchParams.set("error", "EmailSignin");
  if (typed !== undefined) url.searchParams.set("email", typed);
  return url.href;
}
const FIXED_TOKEN = "fixed-test-token-0123456789abcdef";
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.stop();
});

describe("unusable addresses", () => {
  const cases: [string, unknown][] = [
    ["no @", "ada.example.com"],
    ["two @", "ada@lovelace@example.com"],
    ["an empty local part", "@example.com"],
    ["an empty domain", "ada@"],
    ["a domain without a dot", "ada@localhost"],
    ["an empty domain label", "ada@example..com"],
    ["a quoted local part", '"ada"@example.com'],
    ["a quote smuggling another domain", '"attacker@evil.test"@example.com'],
    ["a full-width @ folded by NFKC into a second @", "ada＠evil.test@example.com"],
    ["a comma listing two recipients", "ada@example.com,eve@evil.test"],
    ["angle brackets", "Ada <ada@example.com>"],
    ["an inner space", "ada lovelace@example.com"],
    ["CR/LF adding a Bcc header", "ada@example.com\r\nBcc: eve@evil.test"],
    ["a bare LF", "ada@example.com\nBcc: eve@evil.test"],
    ["a NUL byte", "ada@example.com\u0000"],
    ["a bidi override", "ada\u202e@example.com"],
    ["255 characters (no mailbox: RFC 5321 stops at 254)", `${"a".repeat(243)}@example.com`],
    ["an empty string", ""],
    ["nothing at all", undefined],
  ];

  // Control and format characters are an attack on mail headers, not a typo: they are not echoed.
  const echoed = (email: unknown) =>
    typeof email === "string" && !/[\p{Cc}\p{Cf}]/u.test(email) ? email : undefined;

  it.each(cases)(
    "refuses an address with %s, mails nothing and keeps it in the form",
    async (_name, email) => {
      const app = emailApp(sink);
      const browser = app.browser();
      const before = sink.mails.length;
      const csrfToken = await browser.csrfToken();
      const response = await browser.post("/auth/signin/nodemailer", {
        json: email === undefined ? { csrfToken } : { csrfToken, email },
      });
      expect(location(response)).toBe(refusedAddress(echoed(email)));
      expect(sink.mails.length).toBe(before);
      // The visitor's doing: a warning, not an error someone has to fix.
      expect(app.errors).toEqual([]);
      expect(app.warnings).toEqual(["email-address-refused"]);
    },
  );

  it.each([
    ["a domain without a dot", "a@b"],
    ["localhost", "me@localhost"],
    ["a quoted local part", '"x y"@example.com'],
    ["an overlong address", `${"x".repeat(400)}@example.com`],
  ])(
    "shows the sign-in form again for %s, asking for a valid address, with the address filled in",
    async (_name, email) => {
      const app = emailApp(sink);
      const browser = app.browser();
      const back = location(await requestLink(browser, email));
      const page = await browser.get(back.slice(ORIGIN.length));
      expect(page.status).toBe(200);
      const text = await page.text();
      expect(text).toContain("enter a valid address");
      expect(text).not.toContain("configuration");
      expect(text).toContain(`value="${email.replaceAll('"', "&quot;")}"`);
    },
  );

  it("refuses a JSON address that is not a string", async () => {
    const app = emailApp(sink);
    const browser = app.browser();
    const csrfToken = await browser.csrfToken();
    const response = await browser.post("/auth/signin/nodemailer", {
      json: { csrfToken, email: ["ada@example.com", "eve@evil.test"] },
    });
    expect(location(response)).toBe(refusedAddress());
  });

  it("accepts an address of exactly 254 characters, the longest a mailbox can have", async () => {
    const sent: string[] = [];
    const customProvider = Email({ sendVerificationRequest: ({ identifier }) => void sent.push(identifier) });
    const app = emailApp(undefined, { customProvider });
    const label = "b".repeat(63);
    const email = `${"a".repeat(64)}@${label}.${label}.${"c".repeat(57)}.com`;
    expect(email).toHaveLength(254);
    const response = await requestLink(app.browser(), email, {}, "email");
    expect(location(response)).toBe(`${ORIGIN}/auth/verify-request?provider=email&type=email`);
    expect(sent).toEqual([email]);
  });

  it("still refuses CR/LF when a custom normalizeIdentifier lets it through", async () => {
    const app = emailApp(sink, { provider: { normalizeIdentifier: (value: string) => value } });
    const before = sink.mails.length;
    const response = await requestLink(app.browser(), "ada@example.com\r\nBcc: eve@evil.test");
    expect(location(response)).toBe(refusedAddress());
    expect(sink.mails.length).toBe(before);
  });

  it("uses a custom normalizeIdentifier instead of the default", async () => {
    const app = emailApp(sink, { provider: { normalizeIdentifier: (value: string) => value.trim() } });
    await requestLink(app.browser(), " Case.Kept@Example.com ");
    const mail = await sink.waitForMail("case.kept@example.com");
    expect(new URL(mail.text.split("\n")[1] ?? "").searchParams.get("email")).toBe("Case.Kept@Example.com");
  });

  it("answers a throwing custom normalizeIdentifier (its way to refuse an address) with EmailSignin", async () => {
    const app = emailApp(sink, {
      provider: {
        normalizeIdentifier: () => {
          throw new Error("only company addresses");
        },
      },
    });
    expect(location(await requestLink(app.browser(), "ada@example.com"))).toBe(
      refusedAddress("ada@example.com"),
    );
  });
});

describe("delivery failures", () => {
  /** True when the adapter still holds the token FIXED_TOKEN for `email` (and uses it up). */
  async function tokenStored(app: ReturnType<typeof emailApp>, email: string): Promise<boolean> {
    const hash = createHash("sha256").update(`${FIXED_TOKEN}${SECRET}`).digest("hex");
    return (await app.adapter.useVerificationToken!({ identifier: email, token: hash })) !== null;
  }

  it("answers an SMTP refusal with EmailSignInError and leaves no usable token", async () => {
    const app = emailApp(sink, { provider: { generateVerificationToken: () => FIXED_TOKEN } });
    sink.refuseNext(550, "Mailbox unavailable");
    const response = await requestLink(app.browser(), "refused@example.com");
    expect(location(response)).toBe(EMAIL_SIGNIN_ERROR);
    expect(app.errors[0]?.name).toBe("EmailSignInError");
    expect(logText(app.errors)).toContain("Mailbox unavailable");
    const link = `/auth/callback/nodemailer?token=${FIXED_TOKEN}&email=refused%40example.com`;
    expect(location(await app.browser().get(link))).toBe(`${ORIGIN}/auth/error?error=Verification`);
    expect(await tokenStored(app, "refused@example.com")).toBe(false);
  });

  it("answers an SMTP server that is down with EmailSignInError and leaves no usable token", async () => {
    const down = await startSmtpSink();
    await down.stop();
    const app = emailApp(down, { provider: { generateVerificationToken: () => FIXED_TOKEN } });
    const response = await requestLink(app.browser(), "down@example.com");
    expect(location(response)).toBe(EMAIL_SIGNIN_ERROR);
    expect(app.errors[0]?.name).toBe("EmailSignInError");
    expect(await tokenStored(app, "down@example.com")).toBe(false);
  });

  it("answers a provider without server with EmailSignInError naming the option", async () => {
    const app = emailApp(undefined);
    expect(location(await requestLink(app.browser(), "noserver@example.com"))).toBe(EMAIL_SIGNIN_ERROR);
    expect(logText(app.errors)).toContain("needs `server`");
  });

  it("answers a throwing generateVerificationToken with EmailSignInError and mails nothing", async () => {
    const app = emailApp(sink, {
      provider: {
        generateVerificationToken: () => {
          throw new Error("entropy source down");
        },
      },
    });
    const before = sink.mails.length;
    expect(location(await requestLink(app.browser(), "gen@example.com"))).toBe(EMAIL_SIGNIN_ERROR);
    expect(sink.mails.length).toBe(before);
  });

  it("never writes the token into the log when sending fails", async () => {
    const app = emailApp(sink, { provider: { generateVerificationToken: () => FIXED_TOKEN } });
    sink.refuseNext(451, "Try again later");
    await requestLink(app.browser(), "quiet@example.com");
    expect(app.errors).toHaveLength(1);
    expect(logText(app.errors)).not.toContain(FIXED_TOKEN);
  });
});

describe("requests outside the flow", () => {
  it("refuses a sign-in POST without CSRF token and mails nothing", async () => {
    const app = emailApp(sink);
    const before = sink.mails.length;
    const response = await app
      .browser()
      .post("/auth/signin/nodemailer", { form: { email: "csrf@example.com" } });
    expect(location(response)).toBe(`${ORIGIN}/auth/signin?error=MissingCSRF`);
    expect(sink.mails.length).toBe(before);
  });

  it("ignores a callbackUrl that is not a URL: the link leads back to the origin", async () => {
    const app = emailApp(sink);
    const response = await requestLink(app.browser(), "cbu@example.com", {
      callbackUrl: "javascript:alert(1)",
    });
    expect(location(response)).toBe(`${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`);
    const mail = await sink.waitForMail("cbu@example.com");
    expect(linkOf(mail).searchParams.get("callbackUrl")).toBe(ORIGIN);
  });

  it("signs in through a link whose callbackUrl was tampered into garbage, landing on the origin", async () => {
    const app = emailApp(sink);
    await requestLink(app.browser(), "tamper@example.com");
    const link = linkOf(await sink.waitForMail("tamper@example.com"));
    link.searchParams.set("callbackUrl", "/\\evil.example");
    const browser = app.browser();
    const response = await follow(browser, link);
    expect(location(response)).toBe(ORIGIN);
    expect(browser.jar.get("authjs.session-token")).toBeDefined();
    expect(decodeURIComponent(browser.jar.get("authjs.callback-url")!)).toBe(ORIGIN);
  });
});
