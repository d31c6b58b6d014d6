/**
 * The Resend email provider: sends the default magic-link email through Resend's HTTP API
 * (`POST https://api.resend.com/emails`).
 *
 * @module
 */

import { emailFlow } from "../flows/email";
import { postToVendor, vendorApiKey, vendorBaseUrl } from "../flows/email/vendor-api";
import type { EmailConfig, SendVerificationRequestParams } from "../types";
import { verificationEmailFor } from "./email-message";

/** The Resend provider configuration. */
export interface ResendConfig extends EmailConfig {
  /** A Resend API key. Default: the variable `AUTH_RESEND_KEY` (`AUTH_{ID}_KEY` for another id). */
  apiKey?: string;
  /** Sender on a domain verified with Resend. Default: `no-reply@<host of the link>`. */
  from?: string;
  /** Base URL of the API (a proxy, or a local server in tests). Default `https://api.resend.com`. */
  apiUrl?: string;
}

/** What `Resend()` accepts: every field is optional. */
export type ResendUserConfig = Partial<Omit<ResendConfig, "type">>;

async function sendWithResend(params: SendVerificationRequestParams): Promise<void> {
  const provider = params.provider as ResendConfig;
  const mail = verificationEmailFor(params);
  await postToVendor("Resend", `${vendorBaseUrl(provider, "https://api.resend.com")}/emails`, {
    method: "POST",
    headers: { Authorization: `Bearer ${vendorApiKey(provider)}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      from: mail.from,
      to: [mail.to],
      subject: mail.subject,
      html: mail.html,
      text: mail.text,
    }),
  });
}

/**
 * An email provider (id `resend`) that sends the default sign-in email with Resend. A non-2xx
 * answer from Resend (bad key, unverified sender, quota) ends the sign-in with
 * `EmailSignInError`; the log names the HTTP status, never the key.
 *
 * @param config - `apiKey` (else `AUTH_RESEND_KEY`), `from`, `apiUrl`, and any other email
 *   provider field.
 * @returns The provider configuration.
 * @see https://resend.com/docs/api-reference/emails/send-email
 * @example
 * ```ts
 * import Resend from "@portcullis/core/providers/resend"
 * Resend({ from: "Example <no-reply@example.com>" }) // key from AUTH_RESEND_KEY
 * ```
 */
export default function Resend(config: ResendUserConfig = {}): ResendConfig {
  return {
    id: "resend",
    name: "Resend",
    maxAge: 24 * 60 * 60,
    sendVerificationRequest: sendWithResend,
    ...config,
    type: "email",
    carriedFlow: emailFlow,
  };
}
