/**
 * The email (magic link) sign-in method: the sign-in POST mails a one-time link, the callback
 * follows it. See SPEC.md "VerificationToken" and WIRE.md "Actions".
 *
 * @module
 */
import type { Flow } from "../types";
import { emailCallback } from "./callback";
import { sendVerificationLink } from "./sign-in";

/**
 * The email flow, registered for providers of type `email`.
 *
 * @example
 * ```ts
 * const result = await emailFlow.signIn(req, ctx) // mails the link, redirects to verify-request
 * ```
 */
export const emailFlow: Flow = {
  signIn: sendVerificationLink,
  callback: emailCallback,
};
