/**
 * Shared setup of the email sign-in tests: Auth with the Nodemailer provider sending to a real
 * SMTP sink, the real memory adapter, a clock the test moves, and a browser-like client.
 */
import type { Adapter, AuthConfig, EmailConfig, LoggerInstance } from "@portcullis/core";
import { Auth } from "@portcullis/core";
import Nodemailer, { type NodemailerUserConfig } from "@portcullis/core/providers/nodemailer";
import { MemoryAdapter } from "@portcullis/memory-adapter";
import { type ReceivedMail, type SmtpSink, TestClient } from "@portcullis/testkit";

export const SECRET = "email-test-secret-with-at-least-32-characters";
export const ORIGIN = "http://localhost:3000";
export const START = Date.UTC(2026, 0, 1, 12);

/** One Auth app with its adapter, clock and captured log. */
export interface EmailApp {
  config: AuthConfig;
  adapter: Adapter;
  provider: EmailConfig;
  errors: Error[];
  /** Warning codes logged. */
  warnings: string[];
  /** A fresh browser (own cookie jar) on the app. */
  browser(): TestClient;
  /** Moves the server's (and the browsers') clock forward. */
  advance(ms: number): void;
  now(): number;
}

/** Options of {@link emailApp}. */
export interface EmailAppOptions {
  provider?: Partial<NodemailerUserConfig>;
  /** Replaces the Nodemailer provider entirely (the HTTP-API providers). */
  customProvider?: EmailConfig;
  config?: Partial<AuthConfig>;
  adapter?: Adapter;
}

/** Builds an app whose Nodemailer provider sends to `sink`. */
export function emailApp(sink: Pick<SmtpSink, "url"> | undefined, options: EmailAppOptions = {}): EmailApp {
  let now = START;
  const adapter = options.adapter ?? MemoryAdapter();
  const errors: Error[] = [];
  const warnings: string[] = [];
  const logger: Partial<LoggerInstance> = {
    error: (e) => void errors.push(e),
    warn: (code) => void warnings.push(code),
  };
  const provider =
    options.customProvider ??
    Nodemailer({ server: sink?.url ?? "", from: "Portcullis <no-reply@example.test>", ...options.provider });
  const config: AuthConfig = {
    secret: SECRET,
    trustHost: true,
    adapter,
    providers: [provider],
    logger,
    now: () => now,
    ...options.config,
  };
  return {
    config,
    adapter,
    provider,
    errors,
    warnings,
    browser: () =>
      new TestClient(
        (request) => Auth(request, config),
        ORIGIN,
        () => now,
      ),
    advance: (ms) => {
      now += ms;
    },
    now: () => now,
  };
}

/** Posts the sign-in form of `providerId` for `email` (with a fresh CSRF token). */
export async function requestLink(
  browser: TestClient,
  email: string,
  fields: Record<string, string> = {},
  providerId = "nodemailer",
): Promise<Response> {
  const csrfToken = await browser.csrfToken();
  return browser.post(`/auth/signin/${providerId}`, {
    form: { csrfToken, email, callbackUrl: "/dashboard", ...fields },
  });
}

/** The sign-in link of a mail: the second line of the text body. */
export function linkOf(mail: Pick<ReceivedMail, "text">): URL {
  const line = mail.text.split("\n")[1];
  if (!line) throw new Error("The mail has no link line.");
  return new URL(line);
}

/** Follows a link (path and query) with GET. */
export function follow(browser: TestClient, link: URL): Promise<Response> {
  return browser.get(`${link.pathname}${link.search}`);
}

/** The Location of a redirect, or fails the test. */
export function location(response: Response): string {
  const value = response.headers.get("location");
  if (response.status !== 302 || value === null)
    throw new Error(`Expected a redirect, got ${response.status}: ${value}`);
  return value;
}

/** Every message of an error and its causes, for "no secret in the log" assertions. */
export function logText(errors: Error[]): string {
  const parts: string[] = [];
  for (const error of errors) {
    let current: unknown = error;
    while (current instanceof Error) {
      parts.push(current.message, current.stack ?? "");
      current = current.cause;
    }
  }
  return parts.join("\n");
}

/** The one-time code of a mail: the digits after "Your sign-in code:" in the text body. */
export function codeOf(mail: Pick<ReceivedMail, "text">): string {
  const match = /Your sign-in code: (\d+)/.exec(mail.text);
  if (!match?.[1]) throw new Error("The mail has no code.");
  return match[1];
}

/** Posts a code as the verify-request page's form does (with a fresh CSRF token). */
export async function postCode(browser: TestClient, email: string, code: string): Promise<Response> {
  const csrfToken = await browser.csrfToken();
  return browser.post("/auth/callback/nodemailer", { form: { csrfToken, email, code } });
}

/** The verify-request page of the Nodemailer provider for an address, as the code flow names it. */
export function codePage(email: string, error?: string): string {
  const url = new URL(`${ORIGIN}/auth/verify-request?provider=nodemailer&type=email`);
  url.searchParams.set("email", email);
  if (error !== undefined) url.searchParams.set("error", error);
  return url.href;
}

/** A wrong code of the same length: every digit moved by `shift` (default one). */
export function wrong(code: string, shift = 1): string {
  return code.replace(/\d/g, (digit) => String((Number(digit) + shift) % 10));
}
