/**
 * A burned address refuses every code, the right one included, until the burn expires, even
 * while two posts for it overlap. The burn is read by taking its row and putting it back, and a
 * new code request for the address (anyone may make one) gives it a fresh newest-code marker
 * while a post holds the old one, so two posts can run at once. The count is taken before the
 * burn is read, and a burned address's count sits one below its limit: the second post is
 * refused by the count instead of finding the burn row out.
 *
 * The adapter is the real memory adapter; putting the burn row back is held once only to make
 * the interleaving certain (a database round trip leaves the same window). Real SMTP sink.
 */
import type { Adapter, VerificationToken } from "@portcullis/core";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { type SmtpSink, startSmtpSink } from "@portcullis/testkit";
import { afterAll, beforeAll, expect, it } from "vitest";
import { hmacHex } from "../../src/flows/email/code";
import {
  codeOf,
  codePage,
  type EmailApp,
  emailApp,
  location,
  ORIGIN,
  requestLink,
  SECRET,
  wrong,
} from "./helpers";

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.stop();
});

/** Has a code mailed to `victim` and posts five wrong ones: the address is burned. */
async function burned(app: EmailApp, victim: string) {
  const attacker = app.browser();
  const csrfToken = await attacker.csrfToken();
  const post = (code: string) =>
    attacker.post("/auth/callback/nodemailer", { form: { csrfToken, email: victim, code } });
  expect(location(await requestLink(attacker, victim))).toBe(codePage(victim));
  const first = codeOf(await sink.waitForMail(victim));
  for (let n = 1; n <= 5; n++)
    expect(location(await post(wrong(first, n)))).toBe(codePage(victim, "WrongCode"));
  return { app, post, first };
}

it("a burned address refuses every code, even while another post is checking the burn", async () => {
  const victim = "burned-race@example.test";
  const burnToken = await hmacHex(SECRET, `portcullis/email-code/burned\u0000${victim}`);

  // The real memory adapter; the put-back of the burn row can be held once.
  const inner = MemoryAdapter();
  let hold: { entered: () => void; release: Promise<void> } | undefined;
  const adapter: Adapter = {
    ...inner,
    async createVerificationToken(row: VerificationToken) {
      if (hold && row.token === burnToken) {
        const { entered, release } = hold;
        hold = undefined;
        entered();
        await release;
      }
      return inner.createVerificationToken!(row);
    },
  };
  const { app, post, first } = await burned(emailApp(sink, { adapter, provider: { code: true } }), victim);
  // The right code is refused now.
  expect(location(await post(first))).toBe(`${ORIGIN}/auth/error?error=Verification`);

  // Post one: held while it puts the burn row back.
  let entered!: () => void;
  const reached = new Promise<void>((resolve) => {
    entered = resolve;
  });
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  hold = { entered, release: released };
  const held = post(wrong(first, 7));
  await reached;

  // Meanwhile a new code is requested for the victim (the attacker can do this) ...
  expect(location(await requestLink(app.browser(), victim))).toBe(codePage(victim));
  const second = codeOf(await sink.waitForMail(victim));
  // ... and a post with that code (standing for a lucky guess) is counted and tried.
  const guessed = await post(second);
  release();
  await held;

  // The burn must refuse it as it refused the right code above.
  expect(guessed.headers.get("location")).toBe(`${ORIGIN}/auth/error?error=Verification`);
});

it("without an overlap, a new code for a burned address is refused too", async () => {
  const victim = "burned-control@example.test";
  const { app, post } = await burned(emailApp(sink, { provider: { code: true } }), victim);
  expect(location(await requestLink(app.browser(), victim))).toBe(codePage(victim));
  const second = codeOf(await sink.waitForMail(victim));
  expect(location(await post(second))).toBe(`${ORIGIN}/auth/error?error=Verification`);
});
