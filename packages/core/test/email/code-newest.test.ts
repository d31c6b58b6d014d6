/**
 * Only the newest one-time code of an address signs in. Anyone can have codes mailed to any
 * address, so every code left live would be one more target for each guess; the links mailed with
 * the older codes keep working as before. Over HTTP, through a real SMTP server, on the real
 * memory adapter.
 */
import type { Adapter } from "@portcullis/core";
import { MemoryAdapter } from "@portcullis/memory-adapter";
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
} from "./helpers";

const DASHBOARD = `${ORIGIN}/dashboard`;
const VERIFICATION = `${ORIGIN}/auth/error?error=Verification`;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.stop();
});

/** Has `count` codes mailed to `email`, `apart` ms after each other; each mail's code and link, oldest first. */
async function mailCodes(app: EmailApp, email: string, count: number, apart = 1000) {
  const mails: { code: string; link: URL }[] = [];
  for (let i = 0; i < count; i++) {
    if (i > 0) app.advance(apart);
    expect(location(await requestLink(app.browser(), email))).toBe(codePage(email));
    const mail = await sink.waitForMail(email);
    mails.push({ code: codeOf(mail), link: linkOf(mail) });
  }
  return mails;
}

/** Posts `code` for `email` from a fresh browser (as on another device); answers who it signed in. */
async function signInWith(app: EmailApp, email: string, code: string): Promise<string | undefined> {
  const browser = app.browser();
  expect(location(await postCode(browser, email, code))).toBe(ORIGIN);
  const session = (await browser.session()) as { user?: { email?: string } } | null;
  return session?.user?.email;
}

/** The memory adapter, storing expiries in whole seconds as some database columns do. */
function wholeSeconds(adapter: Adapter): Adapter {
  return {
    ...adapter,
    createVerificationToken: (row) =>
      adapter.createVerificationToken!({
        ...row,
        expires: new Date(Math.floor(row.expires.getTime() / 1000) * 1000),
      }),
  };
}

describe("codes mailed to one address", () => {
  it("sign in only with the newest: each code a newer one replaced is answered as a wrong code", async () => {
    const email = "many-codes@example.com";
    const app = emailApp(sink, { provider: { code: true } });
    const mails = await mailCodes(app, email, 5);
    for (const { code } of mails.slice(0, -1))
      expect(location(await postCode(app.browser(), email, code))).toBe(codePage(email, "WrongCode"));
    expect(await app.adapter.getUserByEmail!(email)).toBeNull();
    expect(await signInWith(app, email, mails[4]!.code)).toBe(email);
  });

  it("are told apart when asked for within one second, even by a database that keeps whole seconds", async () => {
    const email = "same-second@example.com";
    const app = emailApp(sink, { provider: { code: true }, adapter: wholeSeconds(MemoryAdapter()) });
    const [first, second] = await mailCodes(app, email, 2, 300);
    expect(location(await postCode(app.browser(), email, first!.code))).toBe(codePage(email, "WrongCode"));
    expect(await signInWith(app, email, second!.code)).toBe(email);
  });

  it("keep every mail's link working, each once", async () => {
    const email = "links@example.com";
    const app = emailApp(sink, { provider: { code: true } });
    const [first, second] = await mailCodes(app, email, 2);
    expect(location(await follow(app.browser(), first!.link))).toBe(DASHBOARD);
    expect(location(await follow(app.browser(), first!.link))).toBe(VERIFICATION);
    expect(location(await follow(app.browser(), second!.link))).toBe(DASHBOARD);
    // The newest link used its code up.
    expect(location(await postCode(app.browser(), email, second!.code))).toBe(codePage(email, "WrongCode"));
  });

  it("do not let a replaced code use up the link mailed with it", async () => {
    const email = "replaced@example.com";
    const app = emailApp(sink, { provider: { code: true } });
    const [first] = await mailCodes(app, email, 2);
    expect(location(await postCode(app.browser(), email, first!.code))).toBe(codePage(email, "WrongCode"));
    expect(location(await follow(app.browser(), first!.link))).toBe(DASHBOARD);
  });

  it("leave the earlier code working when the newer code's mail fails", async () => {
    const email = "failed-send@example.com";
    const app = emailApp(sink, { provider: { code: true } });
    const [first] = await mailCodes(app, email, 1);
    app.advance(1000);
    sink.refuseNext(550, "Mailbox unavailable");
    expect(location(await requestLink(app.browser(), email))).toBe(
      `${ORIGIN}/auth/signin?error=Configuration`,
    );
    expect(app.errors.map((error) => error.name)).toEqual(["EmailSignInError"]);
    expect(await signInWith(app, email, first!.code)).toBe(email);
  });

  it("are mailed to a member and a stranger after the same adapter calls", async () => {
    const calls: Record<string, string[]> = {};
    for (const email of ["code-member@example.com", "code-stranger@example.com"]) {
      const adapter = MemoryAdapter();
      await adapter.createUser!({ id: "u-member", email: "code-member@example.com", emailVerified: null });
      const recorded: string[] = [];
      const watched = Object.fromEntries(
        Object.entries(adapter).map(([name, method]) => [
          name,
          (...args: unknown[]) => {
            recorded.push(name);
            return (method as (...a: unknown[]) => unknown)(...args);
          },
        ]),
      ) as Adapter;
      const app = emailApp(sink, { provider: { code: true }, adapter: watched });
      await mailCodes(app, email, 2);
      calls[email] = recorded;
    }
    expect(calls["code-member@example.com"]).toEqual(calls["code-stranger@example.com"]);
  });
});

/**
 * The memory adapter with a database's unique key on (identifier, token), as Auth.js's Prisma
 * schema and the SQL adapter have; and its first two `useVerificationToken` calls held until both
 * have come, so that two requests are sure to begin their codes before either marks one newest.
 */
function uniqueKeyAdapter(): Adapter {
  const adapter = MemoryAdapter();
  const live = new Set<string>();
  const key = (row: { identifier: string; token: string }) => `${row.identifier}\u0000${row.token}`;
  const waiting: Array<() => void> = [];
  return {
    ...adapter,
    createVerificationToken: async (row) => {
      if (live.has(key(row)))
        throw new Error("Unique constraint failed on the fields: (`identifier`,`token`)");
      live.add(key(row));
      return adapter.createVerificationToken!(row);
    },
    useVerificationToken: async (params) => {
      if (waiting.length < 2) {
        await new Promise<void>((resolve) => {
          waiting.push(resolve);
          if (waiting.length === 2) for (const release of waiting) release();
        });
      }
      live.delete(key(params));
      return adapter.useVerificationToken!(params);
    },
  };
}

describe("two requests for a code to one address at once (a double click)", () => {
  it("both go to the code page, one mail is sent, and its code signs in", async () => {
    const email = "double-click@example.com";
    const app = emailApp(sink, { provider: { code: true }, adapter: uniqueKeyAdapter() });
    const browser = app.browser();
    // One page's form posted twice: the same CSRF token in both.
    const csrfToken = await browser.csrfToken();
    const post = () =>
      browser.post("/auth/signin/nodemailer", { form: { csrfToken, email, callbackUrl: "/dashboard" } });
    const answers = await Promise.all([post(), post()]);
    expect(answers.map(location)).toEqual([codePage(email), codePage(email)]);
    expect(app.errors).toEqual([]);
    const mails = sink.mails.filter((mail) => mail.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(await signInWith(app, email, codeOf(await sink.waitForMail(email)))).toBe(email);
  });
});
