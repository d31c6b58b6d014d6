/**
 * The email (magic link) sign-in method: the sign-in POST mails a one-time link, the callback
 * follows it. See SPEC.md "VerificationToken" and WIRE.md "Actions".
 *
 * @module
 */
import type { EmailConfig } from "../../types";
import type { Flow } from "../types";
import { emailCallback } from "./callback";
import { codeSettings } from "./code";
import { sendVerificationLink } from "./sign-in";
import { verifyRequestDetails } from "./verify-request";

/**
 * The email flow, which every email provider factory (`Email()`, `Nodemailer()`, ...) puts on
 * the providers it makes, so that an app without email sign-in does not bundle it.
 *
 * @example
 * ```ts
 * const result = await emailFlow.signIn(req, ctx) // mails the link, redirects to verify-request
 * ```
 */
export const emailFlow: Flow = {
  signIn: sendVerificationLink,
  callback: emailCallback,
  check: (provider) => void codeSettings(provider as EmailConfig),
  verifyRequest: verifyRequestDetails,
};
