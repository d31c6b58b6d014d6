/**
 * The generic email (magic link) provider: you deliver the link yourself with
 * `sendVerificationRequest`. For SMTP use `nodemailer`; for an HTTP email API use `resend`,
 * `postmark`, `sendgrid` or `mailgun`.
 *
 * @module
 */
import { emailFlow } from "../flows/email";
import type { EmailConfig } from "../types";

/** What `Email()` accepts: everything optional but `sendVerificationRequest`. */
export type EmailUserConfig = Partial<Omit<EmailConfig, "type">> &
  Pick<EmailConfig, "sendVerificationRequest">;

/**
 * An email provider (id `email`, name `Email`) whose links live 24 hours unless `maxAge` says
 * otherwise. Needs an adapter with `createVerificationToken`, `useVerificationToken` and the user
 * methods. Throwing from `sendVerificationRequest` ends the sign-in with `EmailSignInError`, and
 * the token made for it is deleted.
 *
 * @param config - `sendVerificationRequest` and, optionally, any other {@link EmailConfig} field
 *   (`confirm`, `rateLimit`, `normalizeIdentifier`, `generateVerificationToken`, ...).
 * @returns The provider configuration.
 * @see SPEC.md "VerificationToken"
 * @example
 * ```ts
 * import Email from "@portcullis/core/providers/email"
 * Email({ sendVerificationRequest: async ({ identifier, url }) => { await queueMail(identifier, url) } })
 * ```
 */
export default function Email(config: EmailUserConfig): EmailConfig {
  return {
    id: "email",
    name: "Email",
    maxAge: 24 * 60 * 60,
    ...config,
    type: "email",
    carriedFlow: emailFlow,
  };
}
