/**
 * The per-client limit on magic links: a mailbox has many spellings with an allowance each
 * (`flood+1@`, `flood+2@`, ... under RFC 5233 sub-addressing), so links are also counted per
 * client address, as credentials failures are: 50 per 15 minutes by default, known only from a
 * trusted source (`rateLimit.clientAddress`, or the last X-Forwarded-For entry under a declared
 * proxy). Over HTTP with a real SMTP sink and a frozen clock.
 */
import { type SmtpSink, startSmtpSink } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type EmailApp, emailApp, location, ORIGIN } from "./helpers";

const VERIFY = `${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`;
const RATE_LIMITED = `${ORIGIN}/auth/signin?error=RateLimited`;

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.stop();
});

/** Mails delivered to `local@example.test` or any of its +tags. */
function deliveredToMailbox(local: string): number {
  const mailbox = new RegExp(`^${local}(\\+\\d+)?@example\\.test$`);
  return sink.mails.filter((mail) => mail.to.some((to) => mailbox.test(to))).length;
}

/** Asks for a link to `email` from a fresh browser, with the given request headers. */
async function requestFrom(app: EmailApp, email: string, headers: Record<string, string>): Promise<string> {
  const browser = app.browser();
  const csrfToken = await browser.csrfToken();
  return location(await browser.post("/auth/signin/nodemailer", { form: { csrfToken, email }, headers }));
}

describe("sub-addressing (RFC 5233) of one mailbox", () => {
  it("stops one client after 50 links in 15 minutes, however many +tags it spreads them over", async () => {
    const app = emailApp(sink);
    const flooder = { "x-forwarded-for": "198.51.100.1, 203.0.113.7" };
    const before = deliveredToMailbox("flood");
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push(await requestFrom(app, "flood@example.test", flooder));
    for (let i = 0; i < 50; i++) answers.push(await requestFrom(app, `flood+${i}@example.test`, flooder));
    expect(answers.slice(0, 50).every((answer) => answer === VERIFY)).toBe(true);
    expect(answers.slice(50).every((answer) => answer === RATE_LIMITED)).toBe(true);
    expect(deliveredToMailbox("flood") - before).toBe(50);

    // Another client is counted apart; the first is served again once its window has passed.
    expect(await requestFrom(app, "flood+99@example.test", { "x-forwarded-for": "203.0.113.8" })).toBe(
      VERIFY,
    );
    app.advance(900_000);
    expect(await requestFrom(app, "flood+98@example.test", flooder)).toBe(VERIFY);
  });

  it("takes the provider's `address` window and `clientAddress`, and `address: false` turns it off", async () => {
    const app = emailApp(sink, {
      provider: {
        rateLimit: {
          max: 5,
          windowSeconds: 900,
          address: { max: 2, windowSeconds: 60 },
          clientAddress: (request: Request) => request.headers.get("cf-connecting-ip"),
        },
      },
    });
    const client = { "cf-connecting-ip": "192.0.2.44" };
    expect(await requestFrom(app, "tags+1@example.test", client)).toBe(VERIFY);
    expect(await requestFrom(app, "tags+2@example.test", client)).toBe(VERIFY);
    expect(await requestFrom(app, "tags+3@example.test", client)).toBe(RATE_LIMITED);

    const unlimited = emailApp(sink, {
      provider: { rateLimit: { max: 5, windowSeconds: 900, address: false } },
    });
    const answers: string[] = [];
    for (let i = 0; i < 3; i++)
      answers.push(
        await requestFrom(unlimited, `off+${i}@example.test`, { "x-forwarded-for": "192.0.2.45" }),
      );
    expect(answers).toEqual([VERIFY, VERIFY, VERIFY]);
  });

  it("refunds the client's event when the address refuses, so a refused request costs the client nothing", async () => {
    const app = emailApp(sink, {
      provider: { rateLimit: { max: 1, windowSeconds: 900, address: { max: 2, windowSeconds: 900 } } },
    });
    const client = { "x-forwarded-for": "192.0.2.46" };
    expect(await requestFrom(app, "refund@example.test", client)).toBe(VERIFY);
    expect(await requestFrom(app, "refund@example.test", client)).toBe(RATE_LIMITED);
    expect(await requestFrom(app, "refund+1@example.test", client)).toBe(VERIFY);
  });
});
