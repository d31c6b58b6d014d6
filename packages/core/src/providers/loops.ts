/**
 * The Loops provider: sends the sign-in link as a Loops transactional email
 * (`POST https://app.loops.so/api/v1/transactional`); the email itself is designed in Loops.
 *
 * @module
 */

import { emailFlow } from "../flows/email";
import { postToVendor, vendorApiKey, vendorBaseUrl } from "../flows/email/vendor-api";
import type { EmailConfig, SendVerificationRequestParams } from "../types";

/** The Loops provider configuration. */
export interface LoopsConfig extends EmailConfig {
  /** A Loops API key. Default: the variable `AUTH_LOOPS_KEY`. */
  apiKey?: string;
  /** The id of the transactional email in Loops; it receives the link as the `url` data variable. */
  transactionalId?: string;
  /** Base URL of the API (a proxy, or a local server in tests). Default `https://app.loops.so`. */
  apiUrl?: string;
}

/** What `Loops()` accepts: every field is optional, but sending needs a `transactionalId`. */
export type LoopsUserConfig = Partial<Omit<LoopsConfig, "type">>;

async function sendWithLoops(params: SendVerificationRequestParams): Promise<void> {
  const provider = params.provider as LoopsConfig;
  if (!provider.transactionalId)
    throw new Error('The email provider "loops" has no transactionalId: set the id of the Loops email.');
  await postToVendor("Loops", `${vendorBaseUrl(provider, "https://app.loops.so")}/api/v1/transactional`, {
    method: "POST",
    headers: { Authorization: `Bearer ${vendorApiKey(provider)}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      transactionalId: provider.transactionalId,
      email: params.identifier,
      // `code` only when the provider mails codes: a template is not asked for a variable it lacks.
      dataVariables: params.code === undefined ? { url: params.url } : { url: params.url, code: params.code },
    }),
  });
}

/**
 * An email provider (id `loops`) that sends the sign-in link through a Loops transactional email.
 * Create the email in Loops with a `url` data variable for the link (and, with the `code` option,
 * a `code` data variable for the one-time code) and pass its id as `transactionalId`. A missing id or a non-2xx answer ends the sign-in with `EmailSignInError`;
 * the log never holds the key or the link.
 *
 * @param config - `apiKey` (else `AUTH_LOOPS_KEY`), `transactionalId`, `apiUrl`, and any other
 *   email provider field.
 * @returns The provider configuration.
 * @see https://loops.so/docs/api-reference/send-transactional-email
 * @example
 * ```ts
 * import Loops from "@portcullis/core/providers/loops"
 * Loops({ transactionalId: "clx0abc" }) // key from AUTH_LOOPS_KEY
 * ```
 */
export default function Loops(config: LoopsUserConfig = {}): LoopsConfig {
  return {
    id: "loops",
    name: "Loops",
    maxAge: 24 * 60 * 60,
    sendVerificationRequest: sendWithLoops,
    ...config,
    type: "email",
    carriedFlow: emailFlow,
  };
}
