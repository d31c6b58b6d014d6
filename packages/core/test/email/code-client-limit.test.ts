/**
 * One-time codes guessed across many addresses at once. Wrong codes are counted per client
 * address as well as per address, with the credentials limit's default (50 per 15 minutes per
 * client address known from a trusted source): otherwise one client could spend `attempts`
 * guesses on every address it had a code mailed to, and with a 6-digit code take over about one
 * account per million guesses. A client past its allowance is refused every code, the right one
 * included, with the answer a burned address gets; the owner's own client is not. Real SMTP
 * sink, real memory adapter, trustHost declared.
 */
import { type SmtpSink, startSmtpSink } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { codeOf, codePage, emailApp, location, ORIGIN, postCode, requestLink, wrong } from "./helpers";

const VERIFICATION = `${ORIGIN}/auth/error?error=Verification`;
const ATTACKER = { "x-forwarded-for": "203.0.113.7" };

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.stop();
});

describe("one client guessing codes for many addresses", () => {
  it("is refused every code after 50 wrong ones in 15 minutes, the right one included", async () => {
    const app = emailApp(sink, { provider: { code: true, maxAge: 600 } });
    const attacker = app.browser();
    const csrfToken = await attacker.csrfToken();
    const post = async (email: string, code: string) =>
      location(
        await attacker.post("/auth/callback/nodemailer", {
          form: { csrfToken, email, code },
          headers: ATTACKER,
        }),
      );

    // Eleven victims, five wrong guesses each: the 51st to 55th wrong codes are refused.
    const answers: string[] = [];
    for (let i = 0; i < 11; i++) {
      const email = `spray${i}@example.test`;
      await requestLink(app.browser(), email);
      const code = codeOf(await sink.waitForMail(email));
      for (let shift = 1; shift <= 5; shift++) {
        const answer = await post(email, wrong(code, shift));
        answers.push(answer === codePage(email, "WrongCode") ? "wrong" : answer);
      }
    }
    expect(answers.slice(0, 50).every((answer) => answer === "wrong")).toBe(true);
    expect(answers.slice(50)).toEqual(Array(5).fill(VERIFICATION));

    // The twelfth victim's code, as a lucky guess from the same client.
    const lucky = "spray-lucky@example.test";
    await requestLink(app.browser(), lucky);
    const code = codeOf(await sink.waitForMail(lucky));
    expect(await post(lucky, code)).toBe(VERIFICATION);
    expect(attacker.jar.get("authjs.session-token")).toBeUndefined();
    expect(await attacker.session()).toBeNull();

    // The refusal cost the address nothing: its owner, on another client, signs in with it.
    const owner = app.browser();
    expect(location(await postCode(owner, lucky, code))).toBe(ORIGIN);
    expect(await owner.session()).not.toBeNull();
  });

  it("gives a right code's attempt back, so signing in never uses up the client's allowance", async () => {
    const app = emailApp(sink, {
      provider: {
        code: true,
        maxAge: 600,
        rateLimit: { max: 5, windowSeconds: 900, address: { max: 1, windowSeconds: 900 } },
      },
    });
    const office = app.browser();
    for (const email of ["first@example.test", "second@example.test"]) {
      await requestLink(app.browser(), email);
      const code = codeOf(await sink.waitForMail(email));
      const csrfToken = await office.csrfToken();
      const answer = await office.post("/auth/callback/nodemailer", {
        form: { csrfToken, email, code },
        headers: { "x-forwarded-for": "192.0.2.60" },
      });
      expect(location(answer)).toBe(ORIGIN);
    }
  });
});
