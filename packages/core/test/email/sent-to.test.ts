/**
 * The verify-request page names the address the link went to: the address rides in a sealed
 * cookie set by the sign-in POST, never in a URL someone else could craft.
 */
import { languages } from "@portcullis/core/languages";
import { type SmtpSink, startSmtpSink } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailApp, location, requestLink } from "./helpers";

let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink.stop();
});

/** The paragraph under the verify-request page's heading. */
function text(page: string): string {
  return /<h1>[^<]*<\/h1>\s*<p class="center">([\s\S]*?)<\/p>/.exec(page)?.[1] ?? "";
}

describe("the verify-request page", () => {
  it("names the address the link was just sent to, in the visitor's browser", async () => {
    const app = emailApp(sink);
    const browser = app.browser();
    const redirect = location(await requestLink(browser, " Ada@Example.com "));
    const cookie = browser.jar.cookies.get("portcullis.email-sent-to");
    expect(cookie?.attributes).toMatchObject({
      httponly: true,
      samesite: "Lax",
      path: "/",
      "max-age": "900",
    });
    expect(cookie?.value).not.toContain("ada");
    const page = await (await browser.get(new URL(redirect).pathname + new URL(redirect).search)).text();
    expect(text(page)).toBe("A sign-in link has been sent to <strong>ada@example.com</strong>.");
    await sink.waitForMail("ada@example.com");
  });

  it("says it in the page's language", async () => {
    const app = emailApp(sink, { config: { theme: { languages } } });
    const browser = app.browser();
    await requestLink(browser, "hanna@example.com");
    const page = await (
      await browser.get("/auth/verify-request?provider=nodemailer&type=email", {
        headers: { "accept-language": "de" },
      })
    ).text();
    expect(text(page)).toBe("Ein Anmeldelink wurde an <strong>hanna@example.com</strong> gesendet.");
    await sink.waitForMail("hanna@example.com");
  });

  it.each([
    ["no cookie", undefined],
    ["a forged cookie", "portcullis.email-sent-to=eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2Q0JDLUhTNTEyIn0..x.y.z"],
    ["a cookie of garbage", "portcullis.email-sent-to=%00%FF<script>"],
    ["an address in the query instead", undefined, "&email=attacker%40evil.test"],
  ])("names no address with %s", async (_name, cookie, query = "") => {
    const app = emailApp(sink);
    const response = await app.browser().get(`/auth/verify-request?provider=nodemailer&type=email${query}`, {
      headers: cookie === undefined ? {} : { cookie },
    });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(text(page)).toBe("A sign-in link has been sent to your email address.");
    expect(page).not.toContain("attacker");
  });

  it("names no address once the cookie has expired", async () => {
    const app = emailApp(sink);
    const browser = app.browser();
    await requestLink(browser, "late@example.com");
    await sink.waitForMail("late@example.com");
    // Past the 15 minutes and the JWT clock tolerance both.
    app.advance(17 * 60_000);
    const page = await (await browser.get("/auth/verify-request?provider=nodemailer&type=email")).text();
    expect(text(page)).toBe("A sign-in link has been sent to your email address.");
  });
});
