/**
 * The Postmark email provider: sends the default magic-link email through Postmark's HTTP API
 * (`POST https://api.postmarkapp.com/email`).
 *
 * @module
 */

import { emailFlow } from "../flows/email";
import { postToVendor, vendorApiKey, vendorBaseUrl } from "../flows/email/vendor-api";
import type { EmailConfig, SendVerificationRequestParams } from "../types";
import { verificationEmailFor } from "./email-message";

/** The Postmark provider configuration. */
export interface PostmarkConfig extends EmailConfig {
  /** A Postmark server token. Default: the variable `AUTH_POSTMARK_KEY` (`AUTH_{ID}_KEY` for another id). */
  apiKey?: string;
  /** Sender with a confirmed Postmark sender signature. Default: `no-reply@<host of the link>`. */
  from?: string;
  /** The message stream; Postmark's default is its transactional stream, `outbound`. */
  messageStream?: string;
  /** Base URL of the API (a proxy, or a local server in tests). Default `https://api.postmarkapp.com`. */
  apiUrl?: string;
}

/** What `Postmark()` accepts: every field is optional. */
export type PostmarkUserConfig = Partial<Omit<PostmarkConfig, "type">>;

async function sendWithPostmark(params: SendVerificationRequestParams): Promise<void> {
  const provider = params.provider as PostmarkConfig;
  const mail = verificationEmailFor(params);
  await postToVendor("Postmark", `${vendorBaseUrl(provider, "https://api.postmarkapp.com")}/email`, {
    method: "POST",
    headers: {
      Accept: "application/json",
      "Content-Type": "application/json",
      "X-Postmark-Server-Token": vendorApiKey(provider),
    },
    body: JSON.stringify({
      From: mail.from,
      To: mail.to,
      Subject: mail.subject,
      HtmlBody: mail.html,
      TextBody: mail.text,
      MessageStream: provider.messageStream ?? "outbound",
    }),
  });
}

/**
 * An email provider (id `postmark`) that sends the default sign-in email with Postmark. A
 * non-2xx answer (Postmark answers 401 for a bad token, 422 for a rejected message) ends the
 * sign-in with `EmailSignInError`; the log names the HTTP status, never the token.
 *
 * @param config - `apiKey` (else `AUTH_POSTMARK_KEY`), `from`, `messageStream`, `apiUrl`, and
 *   any other email provider field.
 * @returns The provider configuration.
 * @see https://postmarkapp.com/developer/user-guide/send-email-with-api
 * @example
 * ```ts
 * import Postmark from "@portcullis/core/providers/postmark"
 * Postmark({ from: "no-reply@example.com" }) // token from AUTH_POSTMARK_KEY
 * ```
 */
export default function Postmark(config: PostmarkUserConfig = {}): PostmarkConfig {
  return {
    id: "postmark",
    name: "Postmark",
    maxAge: 24 * 60 * 60,
    sendVerificationRequest: sendWithPostmark,
    ...config,
    type: "email",
    carriedFlow: emailFlow,
  };
}
