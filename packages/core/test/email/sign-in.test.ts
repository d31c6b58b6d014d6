/**
 * Magic-link sign-in end to end: the link is requested over HTTP, mailed through a real SMTP
 * server, read back from it, and followed; users, accounts and sessions live in the real memory
 * adapter.
 */
import { createHash } from "node:crypto";
import type { Adapter, SignInCallbackParams } from "@portcullis/core";
import { decode } from "@portcullis/core/jwt";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { type SmtpSink, startSmtpSink } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailApp, follow, linkOf, location, ORIGIN, requestLink, SECRET, START } from "./helpers";

const DAY = 24 * 3600 * 1000;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.stop();
});

/** Requests a link for `email` in a fresh browser and returns the browser and the mailed link. */
async function mailedLink(app: ReturnType<typeof emailApp>, email: string) {
  const browser = app.browser();
  const response = await requestLink(browser, email);
  expect(location(response)).toBe(`${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`);
  const mail = await sink.waitForMail(email);
  return { browser, mail, link: linkOf(mail) };
}

describe("requesting a link", () => {
  it("mails a link of the Auth.js shape and redirects to the verify-request page", async () => {
    const app = emailApp(sink);
    const { mail, link } = await mailedLink(app, "ada@example.com");
    expect(link.origin + link.pathname).toBe(`${ORIGIN}/auth/callback/nodemailer`);
    expect([...link.searchParams.keys()]).toEqual(["callbackUrl", "token", "email"]);
    expect(link.searchParams.get("callbackUrl")).toBe(`${ORIGIN}/dashboard`);
    expect(link.searchParams.get("token")).toMatch(/^[0-9a-f]{64}$/);
    expect(link.searchParams.get("email")).toBe("ada@example.com");
    expect(mail.to).toEqual(["ada@example.com"]);
    expect(mail.from).toBe("no-reply@example.test");
  });

  it("stores only sha256(token + secret), with the provider's maxAge as lifetime", async () => {
    const app = emailApp(sink, { provider: { maxAge: 600 } });
    const { link } = await mailedLink(app, "hash@example.com");
    const token = link.searchParams.get("token") ?? "";
    const stored = createHash("sha256").update(`${token}${SECRET}`).digest("hex");
    expect(await app.adapter.useVerificationToken!({ identifier: "hash@example.com", token })).toBeNull();
    const row = await app.adapter.useVerificationToken!({ identifier: "hash@example.com", token: stored });
    expect(row).toEqual({
      identifier: "hash@example.com",
      token: stored,
      expires: new Date(START + 600_000),
    });
  });

  it("hashes with the provider's own secret and uses its generateVerificationToken", async () => {
    const app = emailApp(sink, {
      provider: { secret: "provider-secret", generateVerificationToken: () => "chosen-token" },
    });
    const { link } = await mailedLink(app, "own@example.com");
    expect(link.searchParams.get("token")).toBe("chosen-token");
    const stored = createHash("sha256").update("chosen-tokenprovider-secret").digest("hex");
    expect(
      await app.adapter.useVerificationToken!({ identifier: "own@example.com", token: stored }),
    ).not.toBeNull();
  });

  it("hashes with the secrets joined by commas when there are several, as Auth.js does", async () => {
    const app = emailApp(sink, { config: { secret: ["new-secret-new-secret-new-secret-1", SECRET] } });
    const { link } = await mailedLink(app, "joined@example.com");
    const token = link.searchParams.get("token") ?? "";
    const stored = createHash("sha256")
      .update(`${token}new-secret-new-secret-new-secret-1,${SECRET}`)
      .digest("hex");
    expect(
      await app.adapter.useVerificationToken!({ identifier: "joined@example.com", token: stored }),
    ).not.toBeNull();
  });

  it("normalises the address before mailing and in the link", async () => {
    const app = emailApp(sink);
    const browser = app.browser();
    await requestLink(browser, "  Grace.Hopper@EXAMPLE.com ");
    const mail = await sink.waitForMail("grace.hopper@example.com");
    expect(mail.to).toEqual(["grace.hopper@example.com"]);
    expect(linkOf(mail).searchParams.get("email")).toBe("grace.hopper@example.com");
  });

  it("reads the address from a JSON body too", async () => {
    const app = emailApp(sink);
    const browser = app.browser();
    const csrfToken = await browser.csrfToken();
    const response = await browser.post("/auth/signin/nodemailer", {
      json: { csrfToken, email: "json@example.com" },
    });
    expect(location(response)).toContain("/auth/verify-request?");
    expect((await sink.waitForMail("json@example.com")).to).toEqual(["json@example.com"]);
  });

  it("redirects to pages.verifyRequest with the same query when it is set", async () => {
    const app = emailApp(sink, { config: { pages: { verifyRequest: "/check-mail" } } });
    const response = await requestLink(app.browser(), "pages@example.com");
    expect(location(response)).toBe(`${ORIGIN}/check-mail?provider=nodemailer&type=email`);
    await sink.waitForMail("pages@example.com");
  });

  it("sends the default message: subject, text body, and a themed HTML button", async () => {
    const app = emailApp(sink, { config: { theme: { brandColor: "#123456", buttonText: "#fedcba" } } });
    const { mail, link } = await mailedLink(app, "look@example.com");
    expect(mail.subject).toBe("Sign in to localhost:3000");
    expect(mail.text.trimEnd()).toBe(`Sign in to localhost:3000\n${link.href}`);
    expect(mail.html).toContain(`href="${link.href.replaceAll("&", "&amp;")}"`);
    expect(mail.html).toContain("background:#123456");
    expect(mail.html).toContain("color:#fedcba");
    expect(mail.html).toContain("<strong>localhost:3000</strong>");
    expect(mail.html).toContain("If you did not request this email, you can safely ignore it.");
  });

  it("keeps a hostile theme colour out of the HTML body", async () => {
    const app = emailApp(sink, { config: { theme: { brandColor: 'red;"><script>x</script>' } } });
    const { mail } = await mailedLink(app, "theme@example.com");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("red;");
  });
});

describe("following the link", () => {
  it("signs a new user in, marks the address verified and links an email account", async () => {
    const app = emailApp(sink);
    const { browser, link } = await mailedLink(app, "new@example.com");
    app.advance(60_000);
    const response = await follow(browser, link);
    expect(location(response)).toBe(`${ORIGIN}/dashboard`);
    const session = (await browser.session()) as { user: { email: string } };
    expect(session.user.email).toBe("new@example.com");
    const user = await app.adapter.getUserByEmail!("new@example.com");
    expect(user?.emailVerified).toEqual(new Date(START + 60_000));
    const byAccount = await app.adapter.getUserByAccount!({
      provider: "nodemailer",
      providerAccountId: "new@example.com",
    });
    expect(byAccount?.id).toBe(user?.id);
  });

  it("accepts a link mailed before a secret rotation, and refuses it once that secret is gone", async () => {
    const before = emailApp(sink);
    const first = await mailedLink(before, "rotate@example.com");
    const second = await mailedLink(before, "rotate@example.com");
    const NEW = "rotated-secret-rotated-secret-rotated-1";
    const rotated = emailApp(sink, { adapter: before.adapter, config: { secret: [NEW, SECRET] } });
    const forged = new URL(first.link);
    forged.searchParams.set("token", "f".repeat(64));
    expect(location(await follow(rotated.browser(), forged))).toBe(`${ORIGIN}/auth/error?error=Verification`);
    const browser = rotated.browser();
    expect(location(await follow(browser, first.link))).toBe(`${ORIGIN}/dashboard`);
    expect(((await browser.session()) as { user: { email: string } }).user.email).toBe("rotate@example.com");
    const retired = emailApp(sink, { adapter: before.adapter, config: { secret: NEW } });
    expect(location(await follow(retired.browser(), second.link))).toBe(
      `${ORIGIN}/auth/error?error=Verification`,
    );
  });

  it("signs in with JWT sessions: the cookie is a JWE whose sub is the stored user", async () => {
    const app = emailApp(sink, { config: { session: { strategy: "jwt" } } });
    const { browser, link } = await mailedLink(app, "jwt@example.com");
    expect(location(await follow(browser, link))).toBe(`${ORIGIN}/dashboard`);
    const cookie = browser.jar.get("authjs.session-token") ?? "";
    expect(cookie.split(".")).toHaveLength(5);
    const token = await decode({
      token: cookie,
      secret: SECRET,
      salt: "authjs.session-token",
      now: app.now(),
    });
    expect(token?.sub).toBe((await app.adapter.getUserByEmail!("jwt@example.com"))?.id);
    expect(((await browser.session()) as { user: { email: string } }).user.email).toBe("jwt@example.com");
  });

  it("works with an adapter that has only what Auth.js's email sign-in calls, and links no account", async () => {
    // An adapter written for Auth.js: verification tokens, getUserByEmail, createUser, updateUser.
    const full = MemoryAdapter();
    const adapter: Adapter = {
      createVerificationToken: full.createVerificationToken,
      useVerificationToken: full.useVerificationToken,
      getUserByEmail: full.getUserByEmail,
      createUser: full.createUser,
      updateUser: full.updateUser,
    };
    const app = emailApp(sink, { adapter, config: { session: { strategy: "jwt" } } });
    const { browser, link } = await mailedLink(app, "minimal@example.com");
    expect(location(await follow(browser, link))).toBe(`${ORIGIN}/dashboard`);
    expect(((await browser.session()) as { user: { email: string } }).user.email).toBe("minimal@example.com");
    const user = await full.getUserByEmail!("minimal@example.com");
    expect(user?.emailVerified).toBeInstanceOf(Date);
    expect(
      await full.getUserByAccount!({ provider: "nodemailer", providerAccountId: "minimal@example.com" }),
    ).toBeNull();
    expect(app.errors).toEqual([]);
  });

  it("signs in with database sessions: the cookie names a stored session of the user", async () => {
    const app = emailApp(sink, { config: { session: { strategy: "database" } } });
    const { browser, link } = await mailedLink(app, "db@example.com");
    expect(location(await follow(browser, link))).toBe(`${ORIGIN}/dashboard`);
    const sessionToken = browser.jar.get("authjs.session-token") ?? "";
    const stored = await app.adapter.getSessionAndUser!(sessionToken);
    expect(stored?.user.email).toBe("db@example.com");
    expect(((await browser.session()) as { user: { email: string } }).user.email).toBe("db@example.com");
  });

  it("signs in an existing user whose address was proven before and keeps the date of that proof", async () => {
    const updateUser = vi.fn();
    const app = emailApp(sink, { config: { events: { updateUser } } });
    const provenAt = new Date(START - DAY);
    await app.adapter.createUser!({
      id: "u-old",
      email: "old@example.com",
      emailVerified: provenAt,
      name: "Old",
    });
    const first = await mailedLink(app, "old@example.com");
    expect(location(await follow(first.browser, first.link))).toBe(`${ORIGIN}/dashboard`);
    app.advance(DAY);
    const second = await mailedLink(app, "old@example.com");
    expect(location(await follow(second.browser, second.link))).toBe(`${ORIGIN}/dashboard`);
    expect((await app.adapter.getUser!("u-old"))?.emailVerified).toEqual(provenAt);
    expect(updateUser).not.toHaveBeenCalled();
    expect(((await second.browser.session()) as { user: { name: string } }).user.name).toBe("Old");
  });

  it("refuses an existing user whose address was never proven, and leaves emailVerified null", async () => {
    const app = emailApp(sink);
    await app.adapter.createUser!({ id: "u-unproven", email: "unproven@example.com", emailVerified: null });
    const { browser, link } = await mailedLink(app, "unproven@example.com");
    expect(location(await follow(browser, link))).toBe(`${ORIGIN}/auth/signin?error=OAuthAccountNotLinked`);
    expect(browser.jar.get("authjs.session-token")).toBeUndefined();
    expect((await app.adapter.getUser!("u-unproven"))?.emailVerified).toBeNull();
  });

  it("fires createUser, linkAccount and signIn with isNewUser for a first sign-in", async () => {
    const events = { createUser: vi.fn(), linkAccount: vi.fn(), signIn: vi.fn(), updateUser: vi.fn() };
    const app = emailApp(sink, { config: { events } });
    const { browser, link } = await mailedLink(app, "events@example.com");
    await follow(browser, link);
    expect(events.createUser).toHaveBeenCalledWith({
      user: expect.objectContaining({ email: "events@example.com" }),
    });
    expect(events.linkAccount.mock.calls[0]?.[0].account).toEqual({
      provider: "nodemailer",
      providerAccountId: "events@example.com",
      type: "email",
      userId: expect.any(String),
    });
    expect(events.signIn.mock.calls[0]?.[0].isNewUser).toBe(true);
    expect(events.updateUser).not.toHaveBeenCalled();
  });

  it("sends a first-time user to pages.newUser and a returning one to the callbackUrl", async () => {
    const app = emailApp(sink, { config: { pages: { newUser: "/welcome" } } });
    const first = await mailedLink(app, "welcome@example.com");
    expect(location(await follow(first.browser, first.link))).toBe(
      `${ORIGIN}/welcome?callbackUrl=${encodeURIComponent(`${ORIGIN}/dashboard`)}`,
    );
    const second = await mailedLink(app, "welcome@example.com");
    expect(location(await follow(second.browser, second.link))).toBe(`${ORIGIN}/dashboard`);
  });

  it("rejects a reused link with Verification", async () => {
    const app = emailApp(sink);
    const { browser, link } = await mailedLink(app, "reuse@example.com");
    expect(location(await follow(browser, link))).toBe(`${ORIGIN}/dashboard`);
    const again = app.browser();
    expect(location(await follow(again, link))).toBe(`${ORIGIN}/auth/error?error=Verification`);
    expect(await again.session()).toBeNull();
  });

  it("accepts a link just before maxAge and rejects it at maxAge", async () => {
    const app = emailApp(sink);
    const early = await mailedLink(app, "early@example.com");
    const late = await mailedLink(app, "late@example.com");
    app.advance(DAY - 1);
    expect(location(await follow(early.browser, early.link))).toBe(`${ORIGIN}/dashboard`);
    app.advance(1);
    expect(location(await follow(late.browser, late.link))).toBe(`${ORIGIN}/auth/error?error=Verification`);
    expect(await app.adapter.getUserByEmail!("late@example.com")).toBeNull();
  });

  it("rejects a tampered token and leaves the real link usable", async () => {
    const app = emailApp(sink);
    const { browser, link } = await mailedLink(app, "tamper@example.com");
    const tampered = new URL(link);
    const token = link.searchParams.get("token") ?? "";
    tampered.searchParams.set("token", `${token.slice(0, -1)}${token.endsWith("0") ? "1" : "0"}`);
    expect(location(await follow(browser, tampered))).toBe(`${ORIGIN}/auth/error?error=Verification`);
    expect(location(await follow(browser, link))).toBe(`${ORIGIN}/dashboard`);
  });

  it("rejects a link whose address was swapped for another", async () => {
    const app = emailApp(sink);
    const { browser, link } = await mailedLink(app, "owner@example.com");
    const swapped = new URL(link);
    swapped.searchParams.set("email", "intruder@example.com");
    expect(location(await follow(browser, swapped))).toBe(`${ORIGIN}/auth/error?error=Verification`);
    expect(await app.adapter.getUserByEmail!("intruder@example.com")).toBeNull();
    expect(location(await follow(browser, link))).toBe(`${ORIGIN}/dashboard`);
  });

  it.each([
    ["no token", (u: URL) => u.searchParams.delete("token")],
    ["no email", (u: URL) => u.searchParams.delete("email")],
    ["an empty token", (u: URL) => u.searchParams.set("token", "")],
    ["an unusable email", (u: URL) => u.searchParams.set("email", 'a"b@example.com')],
  ])("rejects a link with %s with Verification", async (_name, change) => {
    const app = emailApp(sink);
    const { browser, link } = await mailedLink(app, "partial@example.com");
    const broken = new URL(link);
    change(broken);
    expect(location(await follow(browser, broken))).toBe(`${ORIGIN}/auth/error?error=Verification`);
  });

  it("signs in exactly once when the same link is clicked twice at the same time", async () => {
    const signIn = vi.fn();
    const app = emailApp(sink, { config: { events: { signIn } } });
    const { link } = await mailedLink(app, "twice@example.com");
    const [a, b] = [app.browser(), app.browser()];
    const answers = await Promise.all([follow(a, link), follow(b, link)]);
    const targets = answers.map(location).sort();
    expect(targets).toEqual([`${ORIGIN}/auth/error?error=Verification`, `${ORIGIN}/dashboard`]);
    expect(signIn).toHaveBeenCalledTimes(1);
    const sessions = await Promise.all([a.session(), b.session()]);
    expect(sessions.filter((s) => s !== null)).toHaveLength(1);
  });

  it("rejects POST on the callback without confirm and leaves the link usable", async () => {
    const app = emailApp(sink);
    const { browser, link } = await mailedLink(app, "post@example.com");
    const csrfToken = await browser.csrfToken();
    const response = await browser.post("/auth/callback/nodemailer", {
      form: { csrfToken, token: link.searchParams.get("token") ?? "", email: "post@example.com" },
    });
    expect(location(response)).toBe(`${ORIGIN}/auth/error?error=Configuration`);
    expect(location(await follow(browser, link))).toBe(`${ORIGIN}/dashboard`);
  });
});

describe("the signIn callback", () => {
  function recordingApp(answer: (params: SignInCallbackParams) => boolean | string) {
    const calls: SignInCallbackParams[] = [];
    const app = emailApp(sink, {
      config: {
        callbacks: {
          signIn: (params) => {
            calls.push(structuredClone(params));
            return answer(params);
          },
        },
      },
    });
    return { app, calls };
  }

  it("gets verificationRequest true when the link is requested and no email field after", async () => {
    const { app, calls } = recordingApp(() => true);
    const { browser, link } = await mailedLink(app, "cb@example.com");
    await follow(browser, link);
    expect(calls).toHaveLength(2);
    expect(calls[0]).toEqual({
      user: { id: "cb@example.com", email: "cb@example.com", emailVerified: null },
      account: {
        providerAccountId: "cb@example.com",
        userId: "cb@example.com",
        type: "email",
        provider: "nodemailer",
      },
      email: { verificationRequest: true },
    });
    expect(calls[1]?.email).toBeUndefined();
    expect(calls[1]?.account?.type).toBe("email");
  });

  it("passes the existing user when the address has one", async () => {
    const { app, calls } = recordingApp(() => true);
    await app.adapter.createUser!({ id: "u-known", email: "known@example.com", emailVerified: null });
    await mailedLink(app, "known@example.com");
    expect(calls[0]?.user.id).toBe("u-known");
    expect(calls[0]?.account?.userId).toBe("u-known");
  });

  it("denies a link request with AccessDenied when it returns false, and sends nothing", async () => {
    const { app } = recordingApp((p) => !p.email?.verificationRequest);
    const before = sink.mails.length;
    const response = await requestLink(app.browser(), "denied@example.com");
    expect(location(response)).toBe(`${ORIGIN}/auth/error?error=AccessDenied`);
    expect(sink.mails.length).toBe(before);
  });

  it("redirects a link request to the URL it returns, and sends nothing", async () => {
    const { app } = recordingApp(() => "/waitlist");
    const before = sink.mails.length;
    const response = await requestLink(app.browser(), "waitlist@example.com");
    expect(location(response)).toBe(`${ORIGIN}/waitlist`);
    expect(sink.mails.length).toBe(before);
  });

  it("denies a followed link without creating the user", async () => {
    const { app } = recordingApp((p) => p.email?.verificationRequest === true);
    const { browser, link } = await mailedLink(app, "late-deny@example.com");
    expect(location(await follow(browser, link))).toBe(`${ORIGIN}/auth/error?error=AccessDenied`);
    expect(await app.adapter.getUserByEmail!("late-deny@example.com")).toBeNull();
    expect(await browser.session()).toBeNull();
  });
});

describe("known and unknown addresses", () => {
  /** Wraps the real adapter to record which methods are called, in order. */
  function recorded(adapter: Adapter, calls: string[]): Adapter {
    const wrapped: Record<string, unknown> = {};
    for (const [name, method] of Object.entries(adapter)) {
      wrapped[name] = (...args: unknown[]) => {
        calls.push(name);
        return (method as (...a: unknown[]) => unknown)(...args);
      };
    }
    return wrapped as Adapter;
  }

  it("answers both with the same redirect and cookies after the same adapter calls", async () => {
    const answers: { location: string; cookies: string[]; calls: string[] }[] = [];
    for (const email of ["member@example.com", "stranger@example.com"]) {
      const calls: string[] = [];
      const adapter = MemoryAdapter();
      await adapter.createUser!({ id: "u-member", email: "member@example.com", emailVerified: null });
      const browser = emailApp(sink, { adapter: recorded(adapter, calls) }).browser();
      const csrfToken = await browser.csrfToken();
      const response = await browser.post("/auth/signin/nodemailer", {
        form: { csrfToken, email, callbackUrl: "/dashboard" },
      });
      const cookies = response.headers.getSetCookie().map((c) => c.split("=")[0] ?? "");
      answers.push({ location: location(response), cookies, calls });
      await sink.waitForMail(email);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]?.calls).toEqual(["getUserByEmail", "createVerificationToken"]);
  });
});
