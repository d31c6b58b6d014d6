/**
 * An Auth app for the end-to-end tests: email sign-in through a real SMTP sink, database sessions
 * kept by the Redis adapter, and a browser-like client.
 */
import { Auth, type AuthConfig } from "@portcullis/core";
import Nodemailer from "@portcullis/core/providers/nodemailer";
import { RedisAdapter } from "@portcullis/redis-adapter";
import { type SmtpSink, TestClient } from "@portcullis/testkit";
import type { Redis } from "ioredis";

export const ORIGIN = "http://localhost:3000";
export const PREFIX = "e2e:";

/** The app's configuration and what it logged. */
export interface EmailApp {
  config: AuthConfig;
  errors: Error[];
  /** A fresh browser with its own cookie jar. */
  browser(): TestClient;
}

/**
 * Builds the app on `client`, mailing sign-in links to `sink`; database sessions unless `session`
 * says otherwise.
 */
export function emailApp(
  client: Redis,
  sink: SmtpSink,
  session: AuthConfig["session"] = { strategy: "database" },
): EmailApp {
  const errors: Error[] = [];
  const config: AuthConfig = {
    secret: "redis-adapter-test-secret-with-32-characters-or-more",
    trustHost: true,
    adapter: RedisAdapter(client, { prefix: PREFIX }),
    session,
    providers: [Nodemailer({ server: sink.url, from: "Portcullis <no-reply@example.test>" })],
    logger: { error: (error) => void errors.push(error), warn: () => {} },
  };
  return { config, errors, browser: () => new TestClient((request) => Auth(request, config), ORIGIN) };
}

/** Asks for a link for `email` as a browser would: the answer to the sign-in form's POST. */
export async function requestLink(browser: TestClient, email: string): Promise<Response> {
  const csrfToken = await browser.csrfToken();
  return browser.post("/auth/signin/nodemailer", { form: { csrfToken, email, callbackUrl: "/dashboard" } });
}

/** Requests a link for `email` and answers the link the mail carried (its second text line). */
export async function mailedLink(browser: TestClient, sink: SmtpSink, email: string): Promise<URL> {
  const mail = sink.waitForMail(email);
  const response = await requestLink(browser, email);
  if (response.status !== 302) throw new Error(`sign-in form answered ${response.status}`);
  const line = (await mail).text.split("\n")[1];
  if (!line) throw new Error("The mail has no link line.");
  return new URL(line);
}

/** Follows a link with GET. */
export function follow(browser: TestClient, link: URL): Promise<Response> {
  return browser.get(`${link.pathname}${link.search}`);
}
