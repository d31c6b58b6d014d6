/**
 * A burned address holds no key of the rate-limit store at its limit: its codes stay refused for
 * `maxAge` through a row in the adapter, and the store's count of it goes back below its limit.
 * Otherwise one code mailed to a throw-away address and five wrong codes would hold a key for the
 * code's whole lifetime (a day by default), and 50,000 such addresses, spread over that day,
 * would fill the process's store: every magic link, code and credentials sign-in of every user
 * would then answer `RateLimitStoreUnavailable` until the day was over.
 *
 * As in code-flood.test.ts, the store holds 10 keys instead of 50,000. Real SMTP sink.
 */
import { type SmtpSink, startSmtpSink } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryStore } from "../../src/rate-limit/memory-store";
import { codeOf, codePage, emailApp, location, ORIGIN, requestLink, wrong } from "./helpers";

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.stop();
});

describe("burned code addresses and the rate-limit store", () => {
  it("a flood of burned addresses leaves room for everyone else, and each of them stays burned", async () => {
    const store = memoryStore(10);
    const app = emailApp(sink, {
      provider: { code: true, rateLimit: { max: 5, windowSeconds: 900, store } },
    });
    const attacker = app.browser();
    const csrfToken = await attacker.csrfToken();
    const post = async (email: string, code: string) =>
      location(await attacker.post("/auth/callback/nodemailer", { form: { csrfToken, email, code } }));

    const codes = new Map<string, string>();
    for (let i = 0; i < 10; i++) {
      const junk = `burn-${i}@attacker.test`;
      expect(location(await requestLink(attacker, junk))).toBe(codePage(junk));
      const code = codeOf(await sink.waitForMail(junk));
      codes.set(junk, code);
      for (let n = 1; n <= 5; n++) expect(await post(junk, wrong(code, n))).toBe(codePage(junk, "WrongCode"));
    }

    // Right after the flood, with no window over: a new user is counted and mailed a code.
    const victim = "new-user@example.com";
    expect(location(await requestLink(app.browser(), victim))).toBe(codePage(victim));
    // Long after every 15-minute window, whether or not the store still holds their counts, the
    // burned addresses refuse even their right codes.
    app.advance(60 * 60 * 1000);
    for (const [junk, code] of codes)
      expect(await post(junk, code)).toBe(`${ORIGIN}/auth/error?error=Verification`);
  });
});
