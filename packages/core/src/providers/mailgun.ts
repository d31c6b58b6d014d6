/**
 * The Mailgun email provider: sends the default magic-link email through Mailgun's HTTP API
 * (`POST https://api.mailgun.net/v3/{domain}/messages`, or the EU region's host).
 *
 * @module
 */

import { emailFlow } from "../flows/email";
import { mailboxParts, postToVendor, vendorApiKey, vendorBaseUrl } from "../flows/email/vendor-api";
import type { EmailConfig, SendVerificationRequestParams } from "../types";
import { verificationEmailFor } from "./email-message";

/** Mailgun's API hosts by region; an account lives in one of them. */
const REGION_URLS = { US: "https://api.mailgun.net", EU: "https://api.eu.mailgun.net" } as const;

/** The Mailgun provider configuration. */
export interface MailgunConfig extends EmailConfig {
  /** A Mailgun API key. Default: the variable `AUTH_MAILGUN_KEY` (`AUTH_{ID}_KEY` for another id). */
  apiKey?: string;
  /** Sender on the sending domain. Default: `no-reply@<host of the link>`. */
  from?: string;
  /** The sending domain. Default: the domain of `from`. */
  domain?: string;
  /** The account's region: `US` (default) or `EU`. */
  region?: keyof typeof REGION_URLS;
  /** Base URL of the API (a proxy, or a local server in tests); overrides `region`. */
  apiUrl?: string;
}

/** What `Mailgun()` accepts: every field is optional. */
export type MailgunUserConfig = Partial<Omit<MailgunConfig, "type">>;

async function sendWithMailgun(params: SendVerificationRequestParams): Promise<void> {
  const provider = params.provider as MailgunConfig;
  const mail = verificationEmailFor(params);
  const domain = provider.domain ?? mailboxParts(mail.from).address.split("@")[1];
  if (!domain) throw new Error(`The email provider "${provider.id}" needs \`domain\` or a \`from\` address.`);
  const base = vendorBaseUrl(provider, REGION_URLS[provider.region ?? "US"] ?? REGION_URLS.US);
  await postToVendor("Mailgun", `${base}/v3/${encodeURIComponent(domain)}/messages`, {
    method: "POST",
    // btoa is safe here: API keys are ASCII.
    headers: { Authorization: `Basic ${btoa(`api:${vendorApiKey(provider)}`)}` },
    // A URLSearchParams body is sent as application/x-www-form-urlencoded, which Mailgun accepts.
    body: new URLSearchParams({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    }),
  });
}

/**
 * An email provider (id `mailgun`) that sends the default sign-in email with Mailgun, in the US
 * or EU region. A non-2xx answer ends the sign-in with `EmailSignInError`; the log names the
 * HTTP status, never the key.
 *
 * @param config - `apiKey` (else `AUTH_MAILGUN_KEY`), `from`, `domain`, `region`, `apiUrl`, and
 *   any other email provider field.
 * @returns The provider configuration.
 * @see https://documentation.mailgun.com/docs/mailgun/api-reference/send/mailgun/messages
 * @example
 * ```ts
 * import Mailgun from "@portcullis/core/providers/mailgun"
 * Mailgun({ from: "no-reply@mg.example.com", region: "EU" }) // key from AUTH_MAILGUN_KEY
 * ```
 */
export default function Mailgun(config: MailgunUserConfig = {}): MailgunConfig {
  return {
    id: "mailgun",
    name: "Mailgun",
    maxAge: 24 * 60 * 60,
    sendVerificationRequest: sendWithMailgun,
    ...config,
    type: "email",
    carriedFlow: emailFlow,
  };
}
