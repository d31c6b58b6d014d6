/**
 * The default magic-link email of the built-in email providers: subject, HTML and text bodies,
 * and the sender and recipient, checked so that none of them can add a mail header.
 *
 * @module
 */
import { fillIn } from "../pages/fill-in";
import { html } from "../pages/html";
import { type PageLanguage, pageLanguage } from "../pages/language";
import type { Messages } from "../pages/messages";
import { resolveTheme } from "../pages/theme";
import type { SendVerificationRequestParams, Theme } from "../types";

/** What {@link verificationEmail} needs. */
export interface VerificationEmailOptions {
  /** The recipient: the normalised address. */
  to: string;
  /** The sender; default `no-reply@<host of the link>`. */
  from?: string;
  /** The sign-in link. */
  url: string;
  /**
   * The configuration's theme: `brandColor` and `buttonText` style the button; `locale` and
   * `messages` choose and adjust the texts, as they do for the built-in pages.
   */
  theme: Theme;
  /** A one-time code to show under the button (the provider's `code` option). */
  code?: string;
  /**
   * The `Accept-Language` header of the request that asked for the link: without a `theme.locale`,
   * the mail is written in the first of its languages that has a catalogue, so a visitor who used
   * the sign-in page in German gets a German mail. Default: English.
   */
  acceptLanguage?: string | null;
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

function codeRow(code: string | undefined, messages: Messages) {
  if (code === undefined) return "";
  return html`<tr><td align="center" style="padding:8px 24px 0;${FONT};font-size:14px;line-height:20px;color:#555c69">${messages.emailCode}</td></tr>
<tr><td align="center" style="padding:4px 24px 8px;${CODE_STYLE}">${code}</td></tr>
`;
}

/**
 * A message with its `{name}` placeholders filled in, as plain text (the subject and text body are
 * not HTML, so nothing is escaped; the header check still refuses control characters).
 */
function fillText(message: string, values: Readonly<Record<string, string>>): string {
  return message.replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    Object.hasOwn(values, name) ? (values[name] ?? placeholder) : placeholder,
  );
}

function htmlBody(url: string, host: string, theme: Theme, language: PageLanguage, code?: string): string {
  const { brandColor, buttonText } = resolveTheme(theme);
  const { messages } = language;
  // Tables and inline styles: the layout mail clients (Outlook's Word engine included) render.
  // resolveTheme only lets plain colours through, and `html` escapes every value.
  return html`<!doctype html>
<html lang="${language.lang}" dir="${language.dir}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${fillIn(messages.emailSubject, { host })}</title></head>
<body style="margin:0;padding:0;background:#f3f4f7">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background:#f3f4f7">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:480px;background:#ffffff;border-top:4px solid ${brandColor};border-radius:8px">
<tr><td align="center" style="padding:32px 24px 8px;${FONT};font-size:20px;line-height:28px;color:#1b1e24">${fillIn(messages.emailHeading, { host: html`<strong>${host}</strong>` })}</td></tr>
<tr><td align="center" style="padding:16px 24px">
<table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr>
<td align="center" bgcolor="${brandColor}" style="border-radius:6px;background:${brandColor}">
<a href="${url}" target="_blank" style="display:inline-block;padding:12px 28px;${FONT};font-size:16px;font-weight:bold;color:${buttonText};text-decoration:none;border:1px solid ${brandColor};border-radius:6px">${messages.emailButton}</a>
</td></tr></table>
</td></tr>
${codeRow(code, messages)}<tr><td align="center" style="padding:8px 24px 32px;${FONT};font-size:14px;line-height:20px;color:#555c69">${messages.emailIgnore}</td></tr>
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
 * site the mail is for. The texts (`emailSubject`, `emailHeading`, `emailButton`, `emailIgnore`)
 * come from the same catalogues as the built-in pages, in the language the pages would use for
 * this theme and `Accept-Language` (with the theme's `messages` applied); the HTML says its
 * `lang` and, for Arabic and other right-to-left languages, `dir="rtl"`.
 *
 * @param options - Recipient, sender, link and theme.
 * @returns The message.
 * @throws {TypeError} When the recipient, sender or subject holds a control character (CR/LF
 *   would add headers, e.g. a `Bcc:`); the default address normalisation never lets one through.
 * @example
 * ```ts
 * const mail = verificationEmail({ to: "ada@example.com", url, theme: {} })
 * mail.subject // "Sign in to example.com"
 * verificationEmail({ to: "ada@example.com", url, theme: {}, acceptLanguage: "de" }).subject
 * // "Bei example.com anmelden"
 * ```
 */
export function verificationEmail(options: VerificationEmailOptions): VerificationEmail {
  const { host, hostname } = new URL(options.url);
  const language = pageLanguage(options.theme, options.acceptLanguage);
  const { messages } = language;
  return {
    to: headerValue("recipient", options.to),
    from: headerValue("sender", options.from ?? `no-reply@${hostname}`),
    subject: headerValue("subject", fillText(messages.emailSubject, { host })),
    html: htmlBody(options.url, host, options.theme, language, options.code),
    // The link stays alone on the second line: mail clients link it, and people copy it whole.
    text: `${fillText(messages.emailHeading, { host })}\n${options.url}\n\n${options.code === undefined ? "" : `${messages.emailCode} ${headerValue("code", options.code)}\n\n`}`,
  };
}

/**
 * The default magic-link email for one send of a built-in email provider: to the address asked
 * for, from the provider's `from`, in the language the visitor used the sign-in page in.
 *
 * @param params - What the provider's `sendVerificationRequest` received.
 * @returns The message.
 * @throws {TypeError} As {@link verificationEmail}.
 * @example
 * ```ts
 * const mail = verificationEmailFor(params) // in a sendVerificationRequest
 * ```
 */
export function verificationEmailFor(params: SendVerificationRequestParams): VerificationEmail {
  return verificationEmail({
    to: params.identifier,
    from: params.provider.from,
    url: params.url,
    theme: params.theme,
    code: params.code,
    acceptLanguage: params.request?.headers.get("accept-language"),
  });
}
