/**
 * The SMTP email provider: sends the default magic-link email through nodemailer.
 *
 * nodemailer is an optional peer dependency, loaded with a dynamic `import()` when the first
 * mail is sent, so the core stays free of Node-only modules for apps that never use it.
 *
 * @module
 */

import { emailFlow } from "../flows/email";
import type { EmailConfig, SendVerificationRequestParams } from "../types";
import { verificationEmailFor } from "./email-message";

/**
 * SMTP settings: a connection URL (`smtp://user:pass@smtp.example.com:587`,
 * `smtps://...:465`) or nodemailer's transport options object, described structurally so the
 * core's types do not depend on nodemailer's.
 */
export type NodemailerServer = string | Record<string, unknown>;

/** The Nodemailer provider configuration. */
export interface NodemailerConfig extends EmailConfig {
  /** The SMTP server. Required. */
  server: NodemailerServer;
  /** Sender, e.g. `"Example <no-reply@example.com>"`. Default: `no-reply@<host of the link>`. */
  from?: string;
}

/** What `Nodemailer()` accepts: `server` and, optionally, any other email provider field. */
export type NodemailerUserConfig = Partial<Omit<NodemailerConfig, "type">> & Pick<NodemailerConfig, "server">;

/** The subset of nodemailer's `sendMail` result that tells whether the server took the recipient. */
interface SentInfo {
  rejected?: unknown[];
  pending?: unknown[];
}

async function sendWithNodemailer(params: SendVerificationRequestParams): Promise<void> {
  const provider = params.provider as NodemailerConfig;
  if (!provider.server) {
    throw new Error(
      `The email provider "${provider.id}" needs \`server\`: an SMTP URL or transport options.`,
    );
  }
  const message = verificationEmailFor(params);
  const { createTransport } = await import("nodemailer");
  const transport = createTransport(provider.server as Parameters<typeof createTransport>[0]);
  try {
    const info: SentInfo = await transport.sendMail(message);
    // An SMTP server may accept the message but not the recipient; that is a failed send too.
    const refused = [...(info.rejected ?? []), ...(info.pending ?? [])];
    if (refused.length > 0) throw new Error("The SMTP server did not accept the recipient.");
  } finally {
    transport.close();
  }
}

/**
 * An email provider (id `nodemailer`) that sends the default sign-in email (see
 * `email-message`) over SMTP with nodemailer. An SMTP error (refused recipient or message,
 * server down) ends the sign-in with `EmailSignInError`, and the link's token is deleted.
 *
 * @param config - `server` (SMTP URL or nodemailer transport options), `from`, and any other
 *   email provider field; `sendVerificationRequest` replaces the built-in sending.
 * @returns The provider configuration.
 * @example
 * ```ts
 * import Nodemailer from "@portcullis/core/providers/nodemailer"
 * Nodemailer({ server: "smtp://user:pass@smtp.example.com:587", from: "Example <no-reply@example.com>" })
 * ```
 */
export default function Nodemailer(config: NodemailerUserConfig): NodemailerConfig {
  return {
    id: "nodemailer",
    name: "Nodemailer",
    maxAge: 24 * 60 * 60,
    sendVerificationRequest: sendWithNodemailer,
    ...config,
    type: "email",
    carriedFlow: emailFlow,
  };
}
