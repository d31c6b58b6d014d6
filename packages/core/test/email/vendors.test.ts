/**
 * The HTTP-API email providers, each against a local HTTP server on 127.0.0.1 that checks the
 * request the way the vendor's API documents it and answers as the vendor would. (The vendors'
 * real APIs cannot be reached from the test machine, so this server stands in for them.)
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { EmailConfig } from "@portcullis/core";
import ForwardEmail from "@portcullis/core/providers/forwardemail";
import Loops from "@portcullis/core/providers/loops";
import Mailgun from "@portcullis/core/providers/mailgun";
import Postmark from "@portcullis/core/providers/postmark";
import Resend from "@portcullis/core/providers/resend";
import SendGrid from "@portcullis/core/providers/sendgrid";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { emailApp, location, logText, ORIGIN, requestLink } from "./helpers";

const KEY = "vendor-test-key-do-not-log";
const FROM = "Example <no-reply@mg.example.test>";

interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

let server: Server;
let apiUrl: string;
let received: Received[] = [];
let answerStatus = 200;

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      });
      res.writeHead(answerStatus, { "content-type": "application/json" });
      res.end(JSON.stringify(answerStatus < 300 ? { id: "msg-1" } : { message: "refused" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  received = [];
  answerStatus = 200;
  vi.unstubAllEnvs();
});

/** What the message must contain, whichever vendor carries it. */
interface Message {
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
}

interface Vendor {
  name: string;
  id: string;
  okStatus: number;
  make(options: Record<string, unknown>): EmailConfig;
  /** Checks method, path, headers and body as the vendor documents them; returns the message. */
  check(request: Received): Message;
}

const vendors: Vendor[] = [
  {
    name: "Resend",
    id: "resend",
    okStatus: 200,
    make: (options) => Resend(options),
    check(request) {
      expect(request.method).toBe("POST");
      expect(request.path).toBe("/emails");
      expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(request.headers["content-type"]).toBe("application/json");
      const body = JSON.parse(request.body);
      expect(Object.keys(body).sort()).toEqual(["from", "html", "subject", "text", "to"]);
      expect(body.to).toHaveLength(1);
      return { ...body, to: body.to[0] };
    },
  },
  {
    name: "Postmark",
    id: "postmark",
    okStatus: 200,
    make: (options) => Postmark(options),
    check(request) {
      expect(request.method).toBe("POST");
      expect(request.path).toBe("/email");
      expect(request.headers["x-postmark-server-token"]).toBe(KEY);
      expect(request.headers.accept).toBe("application/json");
      expect(request.headers["content-type"]).toBe("application/json");
      const body = JSON.parse(request.body);
      expect(body.MessageStream).toBe("outbound");
      return {
        to: body.To,
        from: body.From,
        subject: body.Subject,
        text: body.TextBody,
        html: body.HtmlBody,
      };
    },
  },
  {
    name: "SendGrid",
    id: "sendgrid",
    okStatus: 202,
    make: (options) => SendGrid(options),
    check(request) {
      expect(request.method).toBe("POST");
      expect(request.path).toBe("/v3/mail/send");
      expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(request.headers["content-type"]).toBe("application/json");
      const body = JSON.parse(request.body);
      expect(body.personalizations).toEqual([{ to: [{ email: expect.any(String) }] }]);
      expect(body.from).toEqual({ email: "no-reply@mg.example.test", name: "Example" });
      expect(body.content.map((c: { type: string }) => c.type)).toEqual(["text/plain", "text/html"]);
      return {
        to: body.personalizations[0].to[0].email,
        from: FROM,
        subject: body.subject,
        text: body.content[0].value,
        html: body.content[1].value,
      };
    },
  },
  {
    name: "Mailgun",
    id: "mailgun",
    okStatus: 200,
    make: (options) => Mailgun(options),
    check(request) {
      expect(request.method).toBe("POST");
      expect(request.path).toBe("/v3/mg.example.test/messages");
      expect(request.headers.authorization).toBe(`Basic ${btoa(`api:${KEY}`)}`);
      expect(request.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
      const form = new URLSearchParams(request.body);
      expect([...form.keys()].sort()).toEqual(["from", "html", "subject", "text", "to"]);
      return Object.fromEntries(form) as unknown as Message;
    },
  },
  {
    name: "Forward Email",
    id: "forwardemail",
    okStatus: 200,
    make: (options) => ForwardEmail(options),
    check(request) {
      expect(request.method).toBe("POST");
      expect(request.path).toBe("/v1/emails");
      // The API token is the Basic user name, with an empty password.
      expect(request.headers.authorization).toBe(`Basic ${btoa(`${KEY}:`)}`);
      expect(request.headers["content-type"]).toBe("application/json");
      const body = JSON.parse(request.body);
      expect(Object.keys(body).sort()).toEqual(["from", "html", "subject", "text", "to"]);
      return body;
    },
  },
];

function vendorApp(vendor: Vendor, options: Record<string, unknown> = {}) {
  const customProvider = vendor.make({ apiKey: KEY, from: FROM, apiUrl, ...options });
  return emailApp(undefined, { customProvider });
}

describe.each(vendors)("$name", (vendor) => {
  it("posts the default message as the vendor's API documents, and its link signs in", async () => {
    answerStatus = vendor.okStatus;
    const app = vendorApp(vendor);
    const browser = app.browser();
    const response = await requestLink(browser, "Vendor.User@Example.com", {}, vendor.id);
    expect(location(response)).toBe(`${ORIGIN}/auth/verify-request?provider=${vendor.id}&type=email`);
    expect(received).toHaveLength(1);
    const message = vendor.check(received[0] as Received);
    expect(message.to).toBe("vendor.user@example.com");
    expect(message.from).toBe(FROM);
    expect(message.subject).toBe("Sign in to localhost:3000");
    const link = new URL(message.text.split("\n")[1] ?? "");
    expect(message.text).toBe(`Sign in to localhost:3000\n${link.href}\n\n`);
    expect(message.html).toContain(`href="${link.href.replaceAll("&", "&amp;")}"`);
    expect(location(await browser.get(`${link.pathname}${link.search}`))).toBe(`${ORIGIN}/dashboard`);
    expect(((await browser.session()) as { user: { email: string } }).user.email).toBe(
      "vendor.user@example.com",
    );
  });

  it("mails the code with `code: true` in both bodies, and the code signs in", async () => {
    answerStatus = vendor.okStatus;
    const app = vendorApp(vendor, { code: true });
    const browser = app.browser();
    await requestLink(browser, "coded@example.com", {}, vendor.id);
    const message = vendor.check(received[0] as Received);
    const code = /Your sign-in code: (\d{6})\n/.exec(message.text)?.[1] ?? "";
    expect(message.html).toContain(`>${code}</td>`);
    const csrfToken = await browser.csrfToken();
    const response = await browser.post(`/auth/callback/${vendor.id}`, {
      form: { csrfToken, email: "coded@example.com", code },
    });
    expect(location(response)).toBe(`${ORIGIN}/dashboard`);
  });

  it.each([401, 422, 500])(
    "turns an HTTP %i answer into EmailSignInError without logging the key",
    async (status) => {
      answerStatus = status;
      const app = vendorApp(vendor, { generateVerificationToken: () => "vendor-fixed-token" });
      const response = await requestLink(app.browser(), "refused@example.com", {}, vendor.id);
      expect(location(response)).toBe(`${ORIGIN}/auth/signin?error=Configuration`);
      expect(app.errors.map((e) => e.name)).toEqual(["EmailSignInError"]);
      const log = logText(app.errors);
      expect(log).toContain(`${vendor.name} refused the sign-in email: HTTP ${status}.`);
      expect(log).not.toContain(KEY);
      expect(log).not.toContain("vendor-fixed-token");
      const link = `/auth/callback/${vendor.id}?token=vendor-fixed-token&email=refused%40example.com`;
      expect(location(await app.browser().get(link))).toBe(`${ORIGIN}/auth/error?error=Verification`);
    },
  );

  it(`reads the key from AUTH_${vendor.id.toUpperCase()}_KEY when apiKey is not set`, async () => {
    answerStatus = vendor.okStatus;
    vi.stubEnv(`AUTH_${vendor.id.toUpperCase()}_KEY`, KEY);
    const app = vendorApp(vendor, { apiKey: undefined });
    const response = await requestLink(app.browser(), "env@example.com", {}, vendor.id);
    expect(location(response)).toContain("/auth/verify-request?");
    vendor.check(received[0] as Received);
  });

  it("fails with EmailSignInError naming the variable when there is no key at all", async () => {
    vi.stubEnv(`AUTH_${vendor.id.toUpperCase()}_KEY`, undefined);
    const app = vendorApp(vendor, { apiKey: undefined });
    const response = await requestLink(app.browser(), "nokey@example.com", {}, vendor.id);
    expect(location(response)).toBe(`${ORIGIN}/auth/signin?error=Configuration`);
    expect(logText(app.errors)).toContain(`AUTH_${vendor.id.toUpperCase()}_KEY`);
    expect(received).toHaveLength(0);
  });
});

describe("Mailgun options", () => {
  it("posts to the configured domain instead of the sender's", async () => {
    const app = vendorApp(vendors[3] as Vendor, { domain: "mail.example.org" });
    await requestLink(app.browser(), "domain@example.com", {}, "mailgun");
    expect(received[0]?.path).toBe("/v3/mail.example.org/messages");
  });
});

describe("Postmark options", () => {
  it("sends the configured message stream", async () => {
    const app = vendorApp(vendors[1] as Vendor, { messageStream: "magic-links" });
    await requestLink(app.browser(), "stream@example.com", {}, "postmark");
    expect(JSON.parse(received[0]?.body ?? "{}").MessageStream).toBe("magic-links");
  });
});

describe("Loops", () => {
  function loopsApp(options: Record<string, unknown> = {}) {
    const customProvider = Loops({ apiKey: KEY, apiUrl, transactionalId: "tx-signin", ...options });
    return emailApp(undefined, { customProvider });
  }

  it("posts the link as the url data variable of the transactional email, and the link signs in", async () => {
    const app = loopsApp();
    const browser = app.browser();
    const response = await requestLink(browser, "Loops.User@Example.com", {}, "loops");
    expect(location(response)).toBe(`${ORIGIN}/auth/verify-request?provider=loops&type=email`);
    const request = received[0] as Received;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/api/v1/transactional");
    expect(request.headers.authorization).toBe(`Bearer ${KEY}`);
    const body = JSON.parse(request.body);
    expect(Object.keys(body).sort()).toEqual(["dataVariables", "email", "transactionalId"]);
    expect(body).toMatchObject({ transactionalId: "tx-signin", email: "loops.user@example.com" });
    const link = new URL(body.dataVariables.url);
    expect(location(await browser.get(`${link.pathname}${link.search}`))).toBe(`${ORIGIN}/dashboard`);
  });

  it("adds the code as the code data variable with `code: true`, and it signs in", async () => {
    const app = loopsApp({ code: true });
    const browser = app.browser();
    await requestLink(browser, "loops-code@example.com", {}, "loops");
    const { dataVariables } = JSON.parse((received[0] as Received).body);
    expect(Object.keys(dataVariables).sort()).toEqual(["code", "url"]);
    const csrfToken = await browser.csrfToken();
    const response = await browser.post("/auth/callback/loops", {
      form: { csrfToken, email: "loops-code@example.com", code: dataVariables.code },
    });
    expect(location(response)).toBe(`${ORIGIN}/dashboard`);
  });

  it("fails with EmailSignInError and sends nothing without a transactionalId", async () => {
    const app = loopsApp({ transactionalId: undefined });
    const response = await requestLink(app.browser(), "notx@example.com", {}, "loops");
    expect(location(response)).toBe(`${ORIGIN}/auth/signin?error=Configuration`);
    expect(app.errors.map((e) => e.name)).toEqual(["EmailSignInError"]);
    expect(logText(app.errors)).toContain("transactionalId");
    expect(received).toHaveLength(0);
  });

  it("turns an HTTP 400 answer into EmailSignInError without logging the key or the link", async () => {
    answerStatus = 400;
    const app = loopsApp({ generateVerificationToken: () => "loops-fixed-token" });
    await requestLink(app.browser(), "refused@example.com", {}, "loops");
    const log = logText(app.errors);
    expect(log).toContain("Loops refused the sign-in email: HTTP 400.");
    expect(log).not.toContain(KEY);
    expect(log).not.toContain("loops-fixed-token");
  });
});
