/**
 * The default magic-link email of the built-in email providers: subject, HTML and text bodies,
 * and the sender and recipient, checked so that none of them can add a mail header.
 *
 * @module
 */
import { html } from "../pages/html";
import { resolveTheme } from "../pages/theme";
import type { Theme } from "../types";

/** What {@link verificationEmail} needs. */
export interface VerificationEmailOptions {
  /** The recipient: the normalised address. */
  to: string;
  /** The sender; default `no-reply@<host of the link>`. */
  from?: string;
  /** The sign-in link. */
  url: string;
  /** The configuration's theme: `brandColor` and `buttonText` style the button. */
  theme: Theme;
  /** A one-time code to show under the button (the provider's `code` option). */
  code?: string;
}

/** A ready-to-send message. */
export interface VerificationEmail {
  to: string;
  from: string;
  subject: string;
  html: string;
  text: string;
}

// CR and LF end a header line; any other control character has no business in one either.
const CONTROL = /\p{Cc}/u;

function headerValue(name: string, value: string): string {
  if (CONTROL.test(value))
    throw new TypeError(`The ${name} of the sign-in email contains control characters.`);
  return value;
}

const FONT = "font-family:Helvetica,Arial,sans-serif";

// Digits a reader copies by eye: large, spaced, and in a face where 0 and O, 1 and l differ.
const CODE_STYLE =
  "font-family:ui-monospace,Menlo,Consolas,monospace;font-size:28px;line-height:36px;letter-spacing:6px;font-weight:bold;color:#1b1e24";

function codeRow(code: string | undefined) {
  if (code === undefined) return "";
  return html`<tr><td align="center" style="padding:8px 24px 0;${FONT};font-size:14px;line-height:20px;color:#555c69">Your sign-in code:</td></tr>
<tr><td align="center" style="padding:4px 24px 8px;${CODE_STYLE}">${code}</td></tr>
`;
}

function htmlBody(url: string, host: string, theme: Theme, code?: string): string {
  const { brandColor, buttonText } = resolveTheme(theme);
  // Tables and inline styles: the layout mail clients (Outlook's Word engine included) render.
  // resolveTheme only lets plain colours through, and `html` escapes every value.
  return html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in to ${host}</title></head>
<body style="margin:0;padding:0;background:#f3f4f7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f7">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:480px;background:#ffffff;border-top:4px solid ${brandColor};border-radius:8px">
<tr><td align="center" style="padding:32px 24px 8px;${FONT};font-size:20px;line-height:28px;color:#1b1e24">Sign in to <strong>${host}</strong></td></tr>
<tr><td align="center" style="padding:16px 24px">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td align="center" bgcolor="${brandColor}" style="border-radius:6px;background:${brandColor}">
<a href="${url}" target="_blank" style="display:inline-block;padding:12px 28px;${FONT};font-size:16px;font-weight:bold;color:${buttonText};text-decoration:none;border:1px solid ${brandColor};border-radius:6px">Sign in</a>
</td></tr></table>
</td></tr>
${codeRow(code)}<tr><td align="center" style="padding:8px 24px 32px;${FONT};font-size:14px;line-height:20px;color:#555c69">If you did not request this email, you can safely ignore it.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`.toString();
}

/**
 * Builds the default sign-in email: subject `Sign in to {host}`, a table-based HTML body with a
 * button in the theme's `brandColor`/`buttonText` (every value escaped, colours validated), and
 * the text body `Sign in to {host}\n{url}\n\n`, followed by `Your sign-in code: {code}\n\n` when a
 * code is given (shown under the button in the HTML body too). The host is the link's, so the reader sees which
 * site the mail is for.
 *
 * @param options - Recipient, sender, link and theme.
 * @returns The message.
 * @throws {TypeError} When the recipient, sender or subject holds a control character (CR/LF
 *   would add headers, e.g. a `Bcc:`); the default address normalisation never lets one through.
 * @example
 * ```ts
 * const mail = verificationEmail({ to: "ada@example.com", url, theme: {} })
 * mail.subject // "Sign in to example.com"
 * ```
 */
export function verificationEmail(options: VerificationEmailOptions): VerificationEmail {
  const { host, hostname } = new URL(options.url);
  return {
    to: headerValue("recipient", options.to),
    from: headerValue("sender", options.from ?? `no-reply@${hostname}`),
    subject: headerValue("subject", `Sign in to ${host}`),
    html: htmlBody(options.url, host, options.theme, options.code),
    text: `Sign in to ${host}\n${options.url}\n\n${options.code === undefined ? "" : `Your sign-in code: ${headerValue("code", options.code)}\n\n`}`,
  };
}
