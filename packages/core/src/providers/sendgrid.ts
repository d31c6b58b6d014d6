/**
 * The SendGrid email provider: sends the default magic-link email through SendGrid's v3 Mail
 * Send API (`POST https://api.sendgrid.com/v3/mail/send`).
 *
 * @module
 */

import { emailFlow } from "../flows/email";
import { mailboxParts, postToVendor, vendorApiKey, vendorBaseUrl } from "../flows/email/vendor-api";
import type { EmailConfig, SendVerificationRequestParams } from "../types";
import { verificationEmailFor } from "./email-message";

/** The SendGrid provider configuration. */
export interface SendGridConfig extends EmailConfig {
  /** A SendGrid API key. Default: the variable `AUTH_SENDGRID_KEY` (`AUTH_{ID}_KEY` for another id). */
  apiKey?: string;
  /** A verified sender, `address` or `Name <address>`. Default: `no-reply@<host of the link>`. */
  from?: string;
  /** Base URL of the API (a proxy, or a local server in tests). Default `https://api.sendgrid.com`. */
  apiUrl?: string;
}

/** What `SendGrid()` accepts: every field is optional. */
export type SendGridUserConfig = Partial<Omit<SendGridConfig, "type">>;

async function sendWithSendGrid(params: SendVerificationRequestParams): Promise<void> {
  const provider = params.provider as SendGridConfig;
  const mail = verificationEmailFor(params);
  const sender = mailboxParts(mail.from);
  await postToVendor("SendGrid", `${vendorBaseUrl(provider, "https://api.sendgrid.com")}/v3/mail/send`, {
    method: "POST",
    headers: { Authorization: `Bearer ${vendorApiKey(provider)}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      personalizations: [{ to: [{ email: mail.to }] }],
      from: sender.name ? { email: sender.address, name: sender.name } : { email: sender.address },
      subject: mail.subject,
      // SendGrid requires text/plain before text/html.
      content: [
        { type: "text/plain", value: mail.text },
        { type: "text/html", value: mail.html },
      ],
    }),
  });
}

/**
 * An email provider (id `sendgrid`) that sends the default sign-in email with SendGrid (which
 * answers 202 on success). A non-2xx answer ends the sign-in with `EmailSignInError`; the log
 * names the HTTP status, never the key.
 *
 * @param config - `apiKey` (else `AUTH_SENDGRID_KEY`), `from`, `apiUrl`, and any other email
 *   provider field.
 * @returns The provider configuration.
 * @see https://www.twilio.com/docs/sendgrid/api-reference/mail-send/mail-send
 * @example
 * ```ts
 * import SendGrid from "@portcullis/core/providers/sendgrid"
 * SendGrid({ from: "Example <no-reply@example.com>" }) // key from AUTH_SENDGRID_KEY
 * ```
 */
export default function SendGrid(config: SendGridUserConfig = {}): SendGridConfig {
  return {
    id: "sendgrid",
    name: "SendGrid",
    maxAge: 24 * 60 * 60,
    sendVerificationRequest: sendWithSendGrid,
    ...config,
    type: "email",
    carriedFlow: emailFlow,
  };
}
