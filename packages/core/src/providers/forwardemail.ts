/**
 * The Forward Email provider: sends the default magic-link email through Forward Email's HTTP
 * API (`POST https://api.forwardemail.net/v1/emails`).
 *
 * @module
 */

import { emailFlow } from "../flows/email";
import { postToVendor, vendorApiKey, vendorBaseUrl } from "../flows/email/vendor-api";
import type { EmailConfig, SendVerificationRequestParams } from "../types";
import { verificationEmailFor } from "./email-message";

/** The Forward Email provider configuration. */
export interface ForwardEmailConfig extends EmailConfig {
  /** A Forward Email API token. Default: the variable `AUTH_FORWARDEMAIL_KEY`. */
  apiKey?: string;
  /** Sender on a domain set up with Forward Email. Default: `no-reply@<host of the link>`. */
  from?: string;
  /** Base URL of the API (a proxy, or a local server in tests). Default `https://api.forwardemail.net`. */
  apiUrl?: string;
}

/** What `ForwardEmail()` accepts: every field is optional. */
export type ForwardEmailUserConfig = Partial<Omit<ForwardEmailConfig, "type">>;

async function sendWithForwardEmail(params: SendVerificationRequestParams): Promise<void> {
  const provider = params.provider as ForwardEmailConfig;
  const mail = verificationEmailFor(params);
  // Forward Email takes the token as the user name of HTTP Basic auth, with an empty password.
  const credentials = btoa(`${vendorApiKey(provider)}:`);
  await postToVendor(
    "Forward Email",
    `${vendorBaseUrl(provider, "https://api.forwardemail.net")}/v1/emails`,
    {
      method: "POST",
      headers: { Authorization: `Basic ${credentials}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        html: mail.html,
        text: mail.text,
      }),
    },
  );
}

/**
 * An email provider (id `forwardemail`) that sends the default sign-in email with Forward Email.
 * A non-2xx answer (bad token, unknown sender domain) ends the sign-in with `EmailSignInError`;
 * the log names the HTTP status, never the token.
 *
 * @param config - `apiKey` (else `AUTH_FORWARDEMAIL_KEY`), `from`, `apiUrl`, and any other email
 *   provider field.
 * @returns The provider configuration.
 * @see https://forwardemail.net/en/email-api#outbound-emails-create-email
 * @example
 * ```ts
 * import ForwardEmail from "@portcullis/core/providers/forwardemail"
 * ForwardEmail({ from: "no-reply@example.com" }) // token from AUTH_FORWARDEMAIL_KEY
 * ```
 */
export default function ForwardEmail(config: ForwardEmailUserConfig = {}): ForwardEmailConfig {
  return {
    id: "forwardemail",
    name: "Forward Email",
    maxAge: 24 * 60 * 60,
    sendVerificationRequest: sendWithForwardEmail,
    ...config,
    type: "email",
    carriedFlow: emailFlow,
  };
}
