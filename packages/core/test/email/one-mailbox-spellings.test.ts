/**
 * One mailbox, one count: the spellings of a mailbox's domain (ideographic full stops, a Unicode
 * label and its punycode form) share the per-address link allowance, counted by the domain's
 * ASCII form as mail libraries send it. The full stops are folded into `.` in the identifier as
 * well, so they sign the owner in to one user; a Unicode domain stays in Unicode, as Auth.js
 * stores it (its punycode spelling is another identifier, as in Auth.js). Real SMTP sink, real
 * memory adapter.
 */
import { normalizeEmailAddress } from "@portcullis/core/flows/email/normalize";
import { type SmtpSink, startSmtpSink } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailApp, follow, linkOf, location, ORIGIN, requestLink } from "./helpers";

const VERIFY = `${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`;

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.stop();
});

/** Envelope recipients of every mail the sink got. */
function deliveredTo(mailbox: string): number {
  return sink.mails.filter((mail) => mail.to.includes(mailbox)).length;
}

// Each entry: the plain spelling, and another one that a mail library sends to the same mailbox
// (IDNA maps U+3002 and U+FF61 to "."; a Unicode label is sent as its punycode form). The third
// is the mailbox as the receiving SMTP server (smtp-server) names it.
const spellings = (local: string): [string, string, string, string][] => [
  [
    "an ideographic full stop (U+3002) in the domain",
    `${local}1@mail.example.test`,
    `${local}1@mail\u3002example.test`,
    `${local}1@mail.example.test`,
  ],
  [
    "a halfwidth ideographic full stop (U+FF61) in the domain",
    `${local}2@mail.example.test`,
    `${local}2@mail\uff61example.test`,
    `${local}2@mail.example.test`,
  ],
  [
    "a Unicode domain and its punycode form",
    `${local}3@xn--exmple-cua.test`,
    `${local}3@ex\u00e4mple.test`,
    `${local}3@ex\u00e4mple.test`,
  ],
];

describe("two spellings of one mailbox", () => {
  it.each(spellings("limit"))(
    "%s share the mailbox's link allowance: no sixth mail in 15 minutes",
    async (_name, plain, variant, mailbox) => {
      const app = emailApp(sink);
      const before = deliveredTo(mailbox);
      for (let i = 0; i < 5; i++) expect(location(await requestLink(app.browser(), plain))).toBe(VERIFY);
      // The same mailbox, spelled otherwise: must not get five more.
      const answers: string[] = [];
      for (let i = 0; i < 5; i++) answers.push(location(await requestLink(app.browser(), variant)));
      expect(deliveredTo(mailbox) - before).toBe(5);
      expect(answers.every((answer) => answer !== VERIFY)).toBe(true);
    },
  );

  it.each(spellings("user").slice(0, 2))(
    "%s sign the mailbox's owner in to one user, not two",
    async (_name, plain, variant, mailbox) => {
      const app = emailApp(sink, { provider: { rateLimit: false } });
      const first = app.browser();
      await requestLink(first, plain);
      const firstMail = await sink.waitForMail(mailbox);
      expect(location(await follow(first, linkOf(firstMail)))).toBe(`${ORIGIN}/dashboard`);
      const firstUser = (await first.session()) as { user?: { email?: string } } | null;

      const second = app.browser();
      expect(location(await requestLink(second, variant))).toBe(VERIFY);
      const secondMail = await sink.waitForMail(mailbox); // delivered to the same mailbox
      expect(location(await follow(second, linkOf(secondMail)))).toBe(`${ORIGIN}/dashboard`);
      const secondUser = (await second.session()) as { user?: { email?: string } } | null;
      // One mailbox, one account: the owner reaching it twice must land in the same user.
      expect(secondUser?.user?.email).toBe(firstUser?.user?.email);
    },
  );
});

describe("normalizeEmailAddress and domains", () => {
  it.each([
    ["ada@mail\u3002example.test", "ada@mail.example.test"],
    ["ada@mail\uff0eexample.test", "ada@mail.example.test"],
    ["ada@B\u00fcCHER.example", "ada@b\u00fccher.example"],
    ["ada@xn--bcher-kva.example", "ada@xn--bcher-kva.example"],
  ])("turns %j into %j", (input, expected) => {
    expect(normalizeEmailAddress(input)).toBe(expected);
  });

  it.each([
    "ada@example.com",
    "ada+tag@sub.example.co.uk",
    "o'neil@my-host_1.example",
    "x.y-z@192.0.2.1",
    "ada@ex\u00e4mple.test",
  ])("keeps the lower-case address %j, as earlier versions stored it", (address) => {
    expect(normalizeEmailAddress(address)).toBe(address);
  });

  it.each([
    ["a percent-escape the URL parser would decode", "ada@ex%61mple.test"],
    ["a slash", "ada@example.test/x"],
    ["a broken punycode label", "ada@xn--a.test"],
    ["a full stop that leaves an empty label", "ada@example\u3002"],
  ])("refuses a domain with %s", (_name, address) => {
    expect(() => normalizeEmailAddress(address)).toThrow(/not usable/);
  });
});
