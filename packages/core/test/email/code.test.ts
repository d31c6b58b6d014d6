/**
 * One-time sign-in codes (the email provider's `code` option) end to end: the code is requested
 * over HTTP, mailed through a real SMTP server, read back from the mail and posted to the
 * callback; users and sessions live in the real memory adapter.
 */

import type { EmailCodeOptions, RateLimitStore } from "@portcullis/core";
import { languages } from "@portcullis/core/languages";
import type { NodemailerUserConfig } from "@portcullis/core/providers/nodemailer";
import type { TestClient } from "@portcullis/testkit";
import { type SmtpSink, startSmtpSink } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  codeOf,
  codePage,
  type EmailApp,
  emailApp,
  follow,
  linkOf,
  location,
  ORIGIN,
  postCode,
  requestLink,
  wrong,
} from "./helpers";

const VERIFICATION = `${ORIGIN}/auth/error?error=Verification`;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.stop();
});

/** Requests a code for `email` in a fresh browser; returns the browser, the mail and its code. */
async function mailedCode(app: EmailApp, email: string) {
  const browser = app.browser();
  const response = await requestLink(browser, email);
  expect(location(response)).toBe(codePage(email));
  const mail = await sink.waitForMail(email);
  return { browser, mail, code: codeOf(mail) };
}

async function signedInAs(browser: TestClient): Promise<string | undefined> {
  const session = (await browser.session()) as { user?: { email?: string } } | null;
  return session?.user?.email;
}

function codeApp(
  code: boolean | EmailCodeOptions = true,
  extra: Partial<NodemailerUserConfig> = {},
): EmailApp {
  return emailApp(sink, { provider: { code, ...extra } });
}

describe("requesting a code", () => {
  it("mails the link and the code, and sends the browser to the code form for the address", async () => {
    const app = codeApp();
    const { mail, code } = await mailedCode(app, "ada@example.com");
    expect(code).toMatch(/^\d{6}$/);
    const link = linkOf(mail);
    expect(link.pathname).toBe("/auth/callback/nodemailer");
    expect(mail.text.trimEnd()).toBe(`Sign in to localhost:3000\n${link.href}\n\nYour sign-in code: ${code}`);
    expect(mail.html).toContain(`>${code}</td>`);
    expect(mail.html).toContain(`href="${link.href.replaceAll("&", "&amp;")}"`);
  });

  it("mails the code alone with `link: false`, pointing to the page where it is typed", async () => {
    const app = codeApp({ link: false, length: 8 });
    const { mail, code } = await mailedCode(app, "solo@example.com");
    expect(code).toMatch(/^\d{8}$/);
    expect(linkOf(mail).href).toBe(codePage("solo@example.com"));
    expect(mail.text).not.toContain("/callback/");
    expect(mail.html).not.toContain("/callback/");
  });

  it("keeps link-only mails and redirects unchanged when `code` is not set", async () => {
    const app = emailApp(sink);
    const response = await requestLink(app.browser(), "plain@example.com");
    expect(location(response)).toBe(`${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`);
    expect((await sink.waitForMail("plain@example.com")).text).not.toContain("code");
  });

  it("refuses an unusable `code` option when the configuration is read, mailing nothing", async () => {
    for (const code of [{ length: 5 }, { length: 9 }, { attempts: 0 }, { attempts: 1.5 }]) {
      const app = emailApp(sink, { provider: { code: code as never } });
      const before = sink.mails.length;
      // Every route says so, not only a sign-in that would mail a code.
      expect((await app.browser().get("/auth/providers")).status).toBe(500);
      const response = await app.browser().post("/auth/signin/nodemailer", {
        form: { email: "config@example.com", callbackUrl: "/dashboard" },
      });
      expect(response.status).toBe(500);
      expect(sink.mails.length).toBe(before);
    }
  });
});

describe("signing in with the code", () => {
  it("signs a new user in and goes to the callbackUrl given when the code was requested", async () => {
    const app = codeApp();
    const { browser, code } = await mailedCode(app, "new@example.com");
    app.advance(60_000);
    expect(location(await postCode(browser, "new@example.com", code))).toBe(`${ORIGIN}/dashboard`);
    expect(await signedInAs(browser)).toBe("new@example.com");
    const user = await app.adapter.getUserByEmail!("new@example.com");
    expect(user?.emailVerified).toEqual(new Date(app.now()));
  });

  it("works on another device: a fresh browser with only the address and the code", async () => {
    const app = codeApp({ link: false });
    const { code } = await mailedCode(app, "phone@example.com");
    const other = app.browser();
    expect(
      location(await postCode(other, "phone@example.com", ` ${code.slice(0, 3)} ${code.slice(3)} `)),
    ).toBe(ORIGIN);
    expect(await signedInAs(other)).toBe("phone@example.com");
  });

  it("sends a wrong code back to the form with an error, and the right code still works", async () => {
    const app = codeApp();
    const { browser, code } = await mailedCode(app, "typo@example.com");
    const back = location(await postCode(browser, "typo@example.com", wrong(code)));
    expect(back).toBe(codePage("typo@example.com", "WrongCode"));
    expect(app.warnings).toEqual(["email-code-wrong"]);
    expect(app.errors).toEqual([]);
    const page = await browser.get(back.slice(ORIGIN.length));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("That code is not right.");
    expect(await signedInAs(browser)).toBeUndefined();
    expect(location(await postCode(browser, "typo@example.com", code))).toBe(`${ORIGIN}/dashboard`);
    expect(await signedInAs(browser)).toBe("typo@example.com");
  });

  it("burns the codes of an address after `attempts` wrong ones: the right code then fails", async () => {
    const app = codeApp({ attempts: 3 });
    const { browser, code } = await mailedCode(app, "guess@example.com");
    for (let shift = 1; shift <= 3; shift++)
      expect(location(await postCode(browser, "guess@example.com", wrong(code, shift)))).toBe(
        codePage("guess@example.com", "WrongCode"),
      );
    expect(location(await postCode(browser, "guess@example.com", code))).toBe(VERIFICATION);
    expect(await signedInAs(browser)).toBeUndefined();
    expect(await app.adapter.getUserByEmail!("guess@example.com")).toBeNull();
    // Still burned a while later, within the code's lifetime.
    app.advance(3600_000);
    expect(location(await postCode(app.browser(), "guess@example.com", code))).toBe(VERIFICATION);
  });

  it("allows five wrong codes by default, and the right one as the sixth attempt fails", async () => {
    const app = codeApp();
    const { browser, code } = await mailedCode(app, "five@example.com");
    for (let shift = 1; shift <= 4; shift++) await postCode(browser, "five@example.com", wrong(code, shift));
    // The fifth attempt is still allowed, and a right code then is fine.
    expect(location(await postCode(browser, "five@example.com", code))).toBe(`${ORIGIN}/dashboard`);
    const again = await mailedCode(app, "five@example.com");
    // The success gave its attempt back: four wrong ones are counted, one more is allowed...
    expect(location(await postCode(again.browser, "five@example.com", wrong(again.code)))).toBe(
      codePage("five@example.com", "WrongCode"),
    );
    // ...and then the address is burned.
    expect(location(await postCode(again.browser, "five@example.com", again.code))).toBe(VERIFICATION);
  });

  it("refuses a used code when it is posted again", async () => {
    const app = codeApp();
    const { browser, code } = await mailedCode(app, "once@example.com");
    expect(location(await postCode(browser, "once@example.com", code))).toBe(`${ORIGIN}/dashboard`);
    const replay = app.browser();
    expect(location(await postCode(replay, "once@example.com", code))).toBe(
      codePage("once@example.com", "WrongCode"),
    );
    expect(await signedInAs(replay)).toBeUndefined();
  });

  it("refuses a code with another address, and keeps it for its own", async () => {
    const app = codeApp();
    const { browser, code } = await mailedCode(app, "alice@example.com");
    await mailedCode(app, "bob@example.com");
    expect(location(await postCode(browser, "bob@example.com", code))).toBe(
      codePage("bob@example.com", "WrongCode"),
    );
    expect(await signedInAs(browser)).toBeUndefined();
    expect(location(await postCode(browser, "alice@example.com", code))).toBe(`${ORIGIN}/dashboard`);
    expect(await signedInAs(browser)).toBe("alice@example.com");
  });

  it("refuses an expired code with Verification (on the config.now clock)", async () => {
    const app = codeApp(true, { maxAge: 600 });
    const { browser, code } = await mailedCode(app, "late@example.com");
    app.advance(600_000);
    expect(location(await postCode(browser, "late@example.com", code))).toBe(VERIFICATION);
    expect(await signedInAs(browser)).toBeUndefined();
  });

  it("accepts a code just before it expires", async () => {
    const app = codeApp(true, { maxAge: 600 });
    const { browser, code } = await mailedCode(app, "intime@example.com");
    app.advance(599_000);
    expect(location(await postCode(browser, "intime@example.com", code))).toBe(`${ORIGIN}/dashboard`);
  });

  it("answers an app's own fetch (X-Auth-Return-Redirect) with {url}: the form again for a wrong code, the callbackUrl for the right one", async () => {
    const app = codeApp();
    const { browser, code } = await mailedCode(app, "fetch@example.com");
    const post = async (typed: string) => {
      const csrfToken = await browser.csrfToken();
      const response = await browser.post("/auth/callback/nodemailer", {
        headers: { "x-auth-return-redirect": "1" },
        form: { csrfToken, email: "fetch@example.com", code: typed, callbackUrl: "/welcome" },
      });
      expect(response.status).toBe(200);
      return ((await response.json()) as { url: string }).url;
    };
    expect(new URL(await post(wrong(code))).searchParams.get("error")).toBe("WrongCode");
    expect(await post(code)).toBe(`${ORIGIN}/welcome`);
    expect(await signedInAs(browser)).toBe("fetch@example.com");
  });

  it("takes the code from a JSON body too", async () => {
    const app = codeApp();
    const { browser, code } = await mailedCode(app, "json@example.com");
    const csrfToken = await browser.csrfToken();
    const response = await browser.post("/auth/callback/nodemailer", {
      json: { csrfToken, email: "JSON@example.com", code },
    });
    expect(location(response)).toBe(`${ORIGIN}/dashboard`);
  });
});

describe("link and code of one request", () => {
  it("following the link uses the code up", async () => {
    const app = codeApp();
    const { browser, mail, code } = await mailedCode(app, "link-first@example.com");
    expect(location(await follow(browser, linkOf(mail)))).toBe(`${ORIGIN}/dashboard`);
    const other = app.browser();
    expect(location(await postCode(other, "link-first@example.com", code))).toBe(
      codePage("link-first@example.com", "WrongCode"),
    );
    expect(await signedInAs(other)).toBeUndefined();
  });

  it("typing the code spends the link", async () => {
    const app = codeApp();
    const { browser, mail, code } = await mailedCode(app, "code-first@example.com");
    expect(location(await postCode(browser, "code-first@example.com", code))).toBe(`${ORIGIN}/dashboard`);
    const other = app.browser();
    expect(location(await follow(other, linkOf(mail)))).toBe(VERIFICATION);
    expect(await signedInAs(other)).toBeUndefined();
  });

  it("does not sign in twice when the link and the code arrive at once", async () => {
    const app = codeApp();
    const { mail, code } = await mailedCode(app, "race@example.com");
    const [byLink, byCode] = [app.browser(), app.browser()];
    await Promise.all([follow(byLink, linkOf(mail)), postCode(byCode, "race@example.com", code)]);
    const signedIn = [await signedInAs(byLink), await signedInAs(byCode)].filter(Boolean);
    expect(signedIn).toHaveLength(1);
  });
});

/** A rate-limit store two configurations share, standing for two server processes. */
function sharedStore(): RateLimitStore & { keys: Set<string> } {
  const times = new Map<string, number[]>();
  const keys = new Set<string>();
  return {
    keys,
    async take(key, max, windowMs, now) {
      keys.add(key);
      const recent = (times.get(key) ?? []).filter((time) => time > now - windowMs);
      if (recent.length >= max) return false;
      times.set(key, [...recent, now]);
      return true;
    },
  };
}

describe("across processes, secrets and confirmation", () => {
  it("counts wrong codes in the shared rate-limit store: a code burned on one server fails on another", async () => {
    const store = sharedStore();
    const rateLimit = { max: 5, windowSeconds: 900, store };
    const first = codeApp({ attempts: 2 }, { rateLimit });
    const second = emailApp(sink, { adapter: first.adapter, provider: { code: { attempts: 2 }, rateLimit } });
    const { code } = await mailedCode(first, "shared@example.com");
    await postCode(first.browser(), "shared@example.com", wrong(code, 1));
    await postCode(second.browser(), "shared@example.com", wrong(code, 2));
    expect(location(await postCode(second.browser(), "shared@example.com", code))).toBe(VERIFICATION);
    // Two keys, the links' and the codes' counts of the address, both hashes, never the address.
    expect(store.keys.size).toBe(2);
    for (const key of store.keys) expect(key).toMatch(/^[0-9a-f]{64}$/);
  });

  it("accepts a code mailed before a secret rotation", async () => {
    const before = codeApp();
    const { code } = await mailedCode(before, "rotate@example.com");
    const rotated = emailApp(sink, {
      adapter: before.adapter,
      provider: { code: true },
      config: { secret: ["rotated-secret-rotated-secret-rotated-1", before.config.secret as string] },
    });
    const browser = rotated.browser();
    expect(location(await postCode(browser, "rotate@example.com", code))).toBe(ORIGIN);
    expect(await signedInAs(browser)).toBe("rotate@example.com");
  });

  it("with `confirm`, the confirmation POST signs in and uses the code up; a code POST works too", async () => {
    const app = codeApp(true, { confirm: true });
    const first = await mailedCode(app, "confirm-link@example.com");
    const page = await (await follow(first.browser, linkOf(first.mail))).text();
    const fields = Object.fromEntries(
      [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1], m[2]]),
    ) as Record<string, string>;
    expect(fields.token).toBeDefined();
    const confirmed = await first.browser.post("/auth/callback/nodemailer", {
      form: { ...fields, callbackUrl: fields.callbackUrl?.replaceAll("&amp;", "&") ?? "" },
    });
    expect(location(confirmed)).toBe(`${ORIGIN}/dashboard`);
    expect(location(await postCode(app.browser(), "confirm-link@example.com", first.code))).toBe(
      codePage("confirm-link@example.com", "WrongCode"),
    );
    const second = await mailedCode(app, "confirm-code@example.com");
    expect(location(await postCode(second.browser, "confirm-code@example.com", second.code))).toBe(
      `${ORIGIN}/dashboard`,
    );
  });
});

describe("the verify-request page", () => {
  it("shows the code form: read-only address, one-time-code input, CSRF token, posting to the callback", async () => {
    const app = codeApp();
    const { browser } = await mailedCode(app, "form@example.com");
    const page = await browser.get(codePage("form@example.com").slice(ORIGIN.length));
    expect(page.headers.get("cache-control")).toBe("private, no-store");
    const text = await page.text();
    expect(text).toContain('<form action="http://localhost:3000/auth/callback/nodemailer" method="post">');
    expect(text).toMatch(
      /<input type="email" name="email" id="vr-email" autocomplete="email" value="form@example.com" readonly>/,
    );
    expect(text).toMatch(
      /<input type="text" name="code" [^>]*autocomplete="one-time-code" inputmode="numeric"/,
    );
    const csrf = /name="csrfToken" value="([^"]+)"/.exec(text)?.[1];
    expect(csrf).toBe(await browser.csrfToken());
    expect(text).toContain("Follow the link, or enter the code here.");
    expect(text).not.toContain('role="alert"');
  });

  it("asks for the address when the URL has none, and words the error in the visitor's language", async () => {
    const app = emailApp(sink, { provider: { code: { link: false } }, config: { theme: { languages } } });
    const browser = app.browser();
    const page = await browser.get("/auth/verify-request?provider=nodemailer&type=email&error=WrongCode", {
      headers: { "accept-language": "de" },
    });
    const text = await page.text();
    expect(text).toMatch(/<input type="email" name="email" id="vr-email" autocomplete="email" required>/);
    expect(text).toContain("Dieser Code stimmt nicht.");
    expect(text).toContain("Ein Anmeldecode wurde an Ihre E-Mail-Adresse gesendet.");
  });

  it.each([
    ["an unknown provider", "provider=nope&type=email&email=a%40example.com", "none"],
    ["a provider named __proto__", "provider=__proto__&type=email", "none"],
    [
      "markup as the address",
      `provider=nodemailer&email=${encodeURIComponent('"><script>x</script>@example.com')}`,
      "typed",
    ],
    [
      "an address with CR/LF",
      "provider=nodemailer&email=a%40example.com%0D%0ABcc%3A%20e%40evil.test",
      "typed",
    ],
    ["an overlong address", `provider=nodemailer&email=${"x".repeat(400)}%40example.com`, "typed"],
    [
      "markup as the error",
      `provider=nodemailer&email=a%40example.com&error=${encodeURIComponent("<script>x</script>")}`,
      "known",
    ],
  ])(
    "answers a verify-request URL with %s with a 200 page and no markup of its own",
    async (_name, query, form) => {
      const app = codeApp();
      const page = await app.browser().get(`/auth/verify-request?${query}`);
      expect(page.status).toBe(200);
      const text = await page.text();
      expect(text).not.toContain("<script>x");
      expect(text).not.toContain('role="alert"');
      const email = /<input type="email" name="email"[^>]*>/.exec(text)?.[0];
      if (form === "none") expect(email).toBeUndefined();
      if (form === "typed") expect(email).toContain("required");
      if (form === "known") expect(email).toContain('value="a@example.com" readonly');
    },
  );

  it("fills the form with the address this browser asked a code for, whatever address a crafted link names", async () => {
    const app = codeApp();
    const { browser } = await mailedCode(app, "mine@example.com");
    const page = await browser.get(codePage("someone-else@example.com").slice(ORIGIN.length));
    const text = await page.text();
    expect(text).toContain('value="mine@example.com" readonly');
    expect(text).not.toContain("someone-else@example.com");
  });

  it("has no form for a provider without codes", async () => {
    const app = emailApp(sink);
    const page = await app.browser().get("/auth/verify-request?provider=nodemailer&type=email&email=a@b.co");
    expect(await page.text()).not.toContain("<form");
  });
});

describe("hostile code posts", () => {
  type Body = { form?: Record<string, string>; json?: Record<string, unknown> };
  // Every case has its own address: rate limits and attempt counts are kept per address.
  const WRONG = "wrong";
  const cases: [string, (csrfToken: string, code: string, EMAIL: string) => Body, string][] = [
    ["an empty code", (csrfToken, _code, EMAIL) => ({ form: { csrfToken, email: EMAIL, code: "" } }), WRONG],
    ["no code at all", (csrfToken, _code, EMAIL) => ({ form: { csrfToken, email: EMAIL } }), WRONG],
    [
      "a code too long",
      (csrfToken, code, EMAIL) => ({ form: { csrfToken, email: EMAIL, code: `${code}0` } }),
      WRONG,
    ],
    [
      "a megabyte-ish code",
      (csrfToken, _code, EMAIL) => ({ form: { csrfToken, email: EMAIL, code: "1".repeat(60_000) } }),
      WRONG,
    ],
    [
      "full-width digits",
      (csrfToken, code, EMAIL) => ({
        form: {
          csrfToken,
          email: EMAIL,
          code: code.replace(/\d/g, (d) => String.fromCharCode(0xff10 + Number(d))),
        },
      }),
      WRONG,
    ],
    [
      "Arabic-Indic digits",
      (csrfToken, code, EMAIL) => ({
        form: {
          csrfToken,
          email: EMAIL,
          code: code.replace(/\d/g, (d) => String.fromCharCode(0x660 + Number(d))),
        },
      }),
      WRONG,
    ],
    [
      "a code split by CR/LF",
      (csrfToken, code, EMAIL) => ({
        form: { csrfToken, email: EMAIL, code: `${code.slice(0, 3)}\r\n${code.slice(3)}` },
      }),
      WRONG,
    ],
    [
      "a code with a NUL byte",
      (csrfToken, code, EMAIL) => ({ form: { csrfToken, email: EMAIL, code: `${code}\u0000` } }),
      WRONG,
    ],
    [
      "a code as an array",
      (csrfToken, code, EMAIL) => ({ json: { csrfToken, email: EMAIL, code: [code] } }),
      WRONG,
    ],
    [
      "a code as a number",
      (csrfToken, code, EMAIL) => ({ json: { csrfToken, email: EMAIL, code: Number(code) } }),
      WRONG,
    ],
    [
      "a code as an object",
      (csrfToken, code, EMAIL) => ({ json: { csrfToken, email: EMAIL, code: { code } } }),
      WRONG,
    ],
    ["no email", (csrfToken, code, _EMAIL) => ({ form: { csrfToken, code } }), VERIFICATION],
    ["an empty email", (csrfToken, code, _EMAIL) => ({ form: { csrfToken, email: "", code } }), VERIFICATION],
    [
      "an email as an array",
      (csrfToken, code, EMAIL) => ({ json: { csrfToken, email: [EMAIL], code } }),
      VERIFICATION,
    ],
    [
      "an email with CR/LF",
      (csrfToken, code, EMAIL) => ({ form: { csrfToken, email: `${EMAIL}\r\nBcc: eve@evil.test`, code } }),
      VERIFICATION,
    ],
    [
      "an overlong email",
      (csrfToken, code, _EMAIL) => ({ form: { csrfToken, email: `${"x".repeat(400)}@example.com`, code } }),
      VERIFICATION,
    ],
    [
      "no CSRF token",
      (_csrfToken, code, EMAIL) => ({ form: { email: EMAIL, code } }),
      `${ORIGIN}/auth/signin?error=MissingCSRF`,
    ],
    [
      "a wrong CSRF token",
      (_csrfToken, code, EMAIL) => ({ form: { csrfToken: "f".repeat(64), email: EMAIL, code } }),
      `${ORIGIN}/auth/signin?error=MissingCSRF`,
    ],
  ];

  it.each(cases)(
    "answers %s with a defined redirect, signs no one in and uses nothing up",
    async (_name, body, answer) => {
      const EMAIL = `target-${cases.findIndex(([name]) => name === _name)}@example.com`;
      const app = codeApp({ attempts: 1 });
      const { browser, code } = await mailedCode(app, EMAIL);
      const csrfToken = await browser.csrfToken();
      const response = await browser.post("/auth/callback/nodemailer", body(csrfToken, code, EMAIL));
      expect(location(response)).toBe(answer === WRONG ? codePage(EMAIL, "WrongCode") : answer);
      expect(await signedInAs(browser)).toBeUndefined();
      expect(await app.adapter.getUserByEmail!(EMAIL)).toBeNull();
      // No attempt was counted (one is allowed) and the code is still there.
      expect(location(await postCode(browser, EMAIL, code))).toBe(`${ORIGIN}/dashboard`);
    },
  );
});
