/**
 * Magic-link poisoning: an attacker requests a link for the victim's address with a forged Host
 * or X-Forwarded-Host, hoping the mail sends the victim (and the token) to the attacker's site.
 * The links are read back from a real SMTP server, as the victim's mailbox would get them.
 */

import { Auth } from "@portcullis/core";
import { type SmtpSink, startSmtpSink, TestClient } from "@portcullis/testkit";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { emailApp, linkOf, location, ORIGIN } from "./helpers";

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.stop());

/** Posts the sign-in form for `email` with extra request headers, in a browser at `origin`. */
async function requestWithHeaders(
  browser: TestClient,
  email: string,
  headers: Record<string, string>,
): Promise<Response> {
  const csrfToken = await browser.csrfToken();
  return browser.post("/auth/signin/nodemailer", {
    form: { csrfToken, email, callbackUrl: "/dashboard" },
    headers,
  });
}

describe("with nothing declared (the development default)", () => {
  it("mails a link on the request's own loopback origin, whatever X-Forwarded-Host says", async () => {
    const app = emailApp(sink, { config: { trustHost: undefined } });
    const forged = { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" };
    const response = await requestWithHeaders(app.browser(), "victim1@example.com", forged);
    expect(location(response)).toBe(`${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`);
    const link = linkOf(await sink.waitForMail("victim1@example.com"));
    expect(link.origin).toBe(ORIGIN);
    expect(new URL(link.searchParams.get("callbackUrl")!).origin).toBe(ORIGIN);
  });

  it("mails nothing when the Host itself names another site", async () => {
    const app = emailApp(sink, { config: { trustHost: undefined } });
    const attacker = new TestClient((request) => Auth(request, app.config), "http://evil.example", app.now);
    const csrfToken = await attacker.csrfToken().catch(() => "unavailable");
    const response = await attacker.post("/auth/signin/nodemailer", {
      form: { csrfToken, email: "victim2@example.com", callbackUrl: "/dashboard" },
    });
    expect(response.status).toBe(400);
    expect(new Set(app.errors.map((e) => e.name))).toEqual(new Set(["UntrustedHost"]));
    await expect(sink.waitForMail("victim2@example.com", 300)).rejects.toThrow();
  });
});

describe("with AUTH_URL", () => {
  it("mails a link on AUTH_URL's origin even under trustHost and a forged X-Forwarded-Host", async () => {
    vi.stubEnv("AUTH_URL", "https://app.example");
    try {
      const app = emailApp(sink, { config: { trustHost: true } });
      const browser = new TestClient((request) => Auth(request, app.config), "https://app.example", app.now);
      await requestWithHeaders(browser, "victim3@example.com", { "x-forwarded-host": "evil.example" });
      expect(linkOf(await sink.waitForMail("victim3@example.com")).origin).toBe("https://app.example");
      expect(app.errors).toEqual([]);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
