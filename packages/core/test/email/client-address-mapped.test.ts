/**
 * The per-client limits on magic links and wrong codes count an IPv4 client written as an
 * IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, as a dual-stack Node socket, Express's `req.ip` or
 * a Node proxy's X-Forwarded-For write it) as that IPv4 address. Counted by its /64, every IPv4
 * client shared one count: one attacker's 50 wrong codes refused everyone's right code. Real
 * SMTP sink, real memory adapter.
 */
import { type SmtpSink, startSmtpSink } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeOf, codePage, emailApp, location, ORIGIN, requestLink, wrong } from "./helpers";

const VERIFY = `${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`;
const ATTACKER = { "x-forwarded-for": "::ffff:203.0.113.7" };
const VICTIM = { "x-forwarded-for": "::ffff:198.51.100.20" };

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.stop();
});

describe("IPv4 clients written as IPv4-mapped IPv6 addresses", () => {
  it("one client's 50 wrong codes do not refuse another IPv4 client's right code", async () => {
    const app = emailApp(sink, { provider: { code: true, maxAge: 600 } });
    const attacker = app.browser();
    const csrfToken = await attacker.csrfToken();
    for (let i = 0; i < 10; i++) {
      const email = `mapped-spray${i}@example.test`;
      await requestLink(app.browser(), email);
      const code = codeOf(await sink.waitForMail(email));
      for (let shift = 1; shift <= 5; shift++) {
        const answer = await attacker.post("/auth/callback/nodemailer", {
          form: { csrfToken, email, code: wrong(code, shift) },
          headers: ATTACKER,
        });
        expect(location(answer)).toBe(codePage(email, "WrongCode"));
      }
    }

    // Another person, another IPv4 address, their own mailbox and their own right code.
    const victim = app.browser();
    const email = "mapped-victim@example.test";
    await requestLink(app.browser(), email);
    const code = codeOf(await sink.waitForMail(email));
    const token = await victim.csrfToken();
    const answer = await victim.post("/auth/callback/nodemailer", {
      form: { csrfToken: token, email, code },
      headers: VICTIM,
    });
    expect(location(answer)).toBe(ORIGIN);
    expect(await victim.session()).not.toBeNull();
  });

  it("one client's 50 links do not refuse another IPv4 client's link", async () => {
    const app = emailApp(sink);
    for (let i = 0; i < 50; i++) {
      const browser = app.browser();
      const csrfToken = await browser.csrfToken();
      await browser.post("/auth/signin/nodemailer", {
        form: { csrfToken, email: `mapped-flood+${i}@example.test` },
        headers: ATTACKER,
      });
    }
    const victim = app.browser();
    const csrfToken = await victim.csrfToken();
    const answer = await victim.post("/auth/signin/nodemailer", {
      form: { csrfToken, email: "mapped-other@example.test" },
      headers: VICTIM,
    });
    expect(location(answer)).toBe(VERIFY);
  });
});
