/**
 * The built-in "check your email" page shown after a magic link was sent, with a form for the
 * one-time code when the email provider mails one.
 *
 * @module
 */
import type { Theme } from "../types";
import { fillIn } from "./fill-in";
import { renderHiddenInputs } from "./form-fields";
import { html, type SafeHtml } from "./html";
import { pageLanguage } from "./language";
import { renderLayout } from "./layout";
import type { Messages } from "./messages";
import { safeLinkUrl } from "./sanitize";
import { resolveTheme } from "./theme";
import type { RenderedPage } from "./types";

/** The code form of the verify-request page. */
export interface VerifyRequestCodeForm {
  /** Where the form posts: the provider's callback, e.g. `/auth/callback/email`. */
  actionUrl: string;
  /** Sent as hidden inputs: `csrfToken` and, when known, `callbackUrl`. */
  fields: Record<string, string>;
  /** The address the code was mailed to: shown read-only. Without it the visitor types it. */
  email?: string;
  /** Digits per code, for the input's size hint. */
  length: number;
  /** Whether the code posted last was wrong: the page says so above the form. */
  wrong?: boolean;
  /** Whether the mail carries a link as well; the text mentions only what was sent. Default true. */
  link?: boolean;
}

/** What {@link renderVerifyRequestPage} needs. */
export interface VerifyRequestPageOptions {
  /** The site's host, shown as the text of the link home. */
  host: string;
  /** The site's home URL. */
  homeUrl: string;
  theme: Theme;
  /** The request's `Accept-Language` header; picks the language unless the theme sets one. */
  acceptLanguage?: string | null;
  /**
   * The address the link was sent to, named on the page (escaped) so the visitor knows which
   * mailbox to open and can spot a typo. Without it the page says "your email address".
   */
  email?: string | null;
  /** Portcullis extension: shows a form for the mailed one-time code. */
  code?: VerifyRequestCodeForm;
}

function codeForm(form: VerifyRequestCodeForm, messages: Messages): SafeHtml {
  const known = form.email !== undefined;
  return html`${form.wrong === true && html`<div class="alert" role="alert">${messages.verifyRequestCodeWrong}</div>`}
<form action="${safeLinkUrl(form.actionUrl)}" method="post">
${renderHiddenInputs(form.fields)}
<div class="field"><label for="vr-email">${messages.signInEmailLabel}</label><input type="email" name="email" id="vr-email" autocomplete="email"${known ? html` value="${form.email}" readonly` : html` required`}></div>
<div class="field"><label for="vr-code">${messages.verifyRequestCodeLabel}</label><input type="text" name="code" id="vr-code" autocomplete="one-time-code" inputmode="numeric" maxlength="${form.length * 2}" size="${form.length + 2}" spellcheck="false" required${known && html` autofocus`}></div>
<button type="submit" class="button">${messages.verifyRequestCodeButton}</button>
</form>`;
}

function introText({ code, email }: VerifyRequestPageOptions, messages: Messages): string | SafeHtml {
  if (code) return code.link === false ? messages.verifyRequestCodeOnlyText : messages.verifyRequestCodeText;
  return email
    ? fillIn(messages.verifyRequestTextTo, { email: html`<strong>${email}</strong>` })
    : messages.verifyRequestText;
}

/**
 * Renders the page telling the user that a sign-in link was sent to their email address (named,
 * when `email` is given), with a link back to the site. With `code`, it says a code was sent too and shows a form for it: the
 * address (read-only when known), the code (`autocomplete="one-time-code"`, a numeric keypad),
 * and the hidden CSRF token and callback URL.
 *
 * @param options - host, home URL, theme and, optionally, the code form.
 * @returns the page, with status 200.
 * @example
 * ```ts
 * renderVerifyRequestPage({ host: "example.com", homeUrl: "https://example.com", theme: {} })
 * ```
 */
export function renderVerifyRequestPage(options: VerifyRequestPageOptions): RenderedPage {
  const language = pageLanguage(options.theme, options.acceptLanguage);
  const { messages } = language;
  const body = html`<h1>${messages.verifyRequestTitle}</h1>
<p class="center">${introText(options, messages)}</p>
${options.code && codeForm(options.code, messages)}
<p class="center muted"><a href="${safeLinkUrl(options.homeUrl)}">${options.host}</a></p>`;
  const theme = resolveTheme(options.theme);
  const page = renderLayout({ title: messages.verifyRequestTitle, theme, language, body });
  return { html: page, status: 200 };
}
