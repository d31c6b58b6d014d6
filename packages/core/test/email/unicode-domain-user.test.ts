/**
 * A user whose address has a Unicode domain, stored as Auth.js stores it (lower-cased and
 * trimmed, the domain in Unicode), signs in to that user by magic link: the identifier keeps the
 * Unicode domain, so no second, empty user is made for the same mailbox. Real SMTP sink, real
 * memory adapter.
 */
import { type SmtpSink, startSmtpSink } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailApp, follow, linkOf, location, ORIGIN, requestLink } from "./helpers";

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.stop();
});

describe("an existing user whose address has a Unicode domain", () => {
  it("signs in to their existing user by magic link, not to a new empty one", async () => {
    const app = emailApp(sink, { provider: { rateLimit: false } });
    // The row as @auth/core 0.41.3 stores it: identifier.toLowerCase().trim().
    const stored = "ada@ex\u00e4mple.test";
    const existing = await app.adapter.createUser!({
      id: "u-ada",
      email: stored,
      emailVerified: new Date(0),
      name: "Ada (existing)",
    } as never);

    const browser = app.browser();
    expect(location(await requestLink(browser, stored))).toContain("/auth/verify-request");
    const mail = await sink.waitForMail(stored);
    expect(location(await follow(browser, linkOf(mail)))).toBe(`${ORIGIN}/dashboard`);
    const session = (await browser.session()) as { user?: { email?: string; name?: string } } | null;
    expect(session?.user).toMatchObject({ name: "Ada (existing)", email: stored });
    expect(session?.user?.email).toBe(existing.email);
    // No second user for the same mailbox.
    expect(await app.adapter.getUserByEmail!("ada@xn--exmple-cua.test")).toBeNull();
  });
});
