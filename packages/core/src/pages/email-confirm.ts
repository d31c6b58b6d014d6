/**
 * The one-click confirmation page of a magic link (the email provider's `confirm` option).
 *
 * @module
 */
import type { Theme } from "../types";
import { fillIn } from "./fill-in";
import { renderHiddenInputs } from "./form-fields";
import { html } from "./html";
import { pageLanguage } from "./language";
import { renderLayout } from "./layout";
import { safeLinkUrl } from "./sanitize";
import { resolveTheme } from "./theme";
import type { RenderedPage } from "./types";

/** What {@link renderEmailConfirmPage} needs. */
export interface EmailConfirmPageOptions {
  /** Where the form posts, e.g. `/auth/callback/email`. */
  actionUrl: string;
  /** Sent as hidden inputs, e.g. `token`, `email` and `callbackUrl`. */
  fields: Record<string, string>;
  /** The address being signed in, shown to the user. */
  email: string;
  theme: Theme;
  /** The request's `Accept-Language` header; picks the language unless the theme sets one. */
  acceptLanguage?: string | null;
}

/**
 * Renders the page a magic link opens when confirmation is on: a button that posts the link's
 * values as hidden fields. Mail scanners follow links with GET and do not submit forms, so the
 * link is used up only when the person clicks.
 *
 * @param options - form target, hidden fields, email address and theme.
 * @returns the page, with status 200.
 * @example
 * ```ts
 * renderEmailConfirmPage({ actionUrl: "/auth/callback/email", fields: { token, email }, email, theme: {} })
 * ```
 */
export function renderEmailConfirmPage(options: EmailConfirmPageOptions): RenderedPage {
  const language = pageLanguage(options.theme, options.acceptLanguage);
  const { messages } = language;
  const question = fillIn(messages.emailConfirmQuestion, { email: html`<strong>${options.email}</strong>` });
  const body = html`<h1>${messages.emailConfirmTitle}</h1>
<p class="center">${question}</p>
<form action="${safeLinkUrl(options.actionUrl)}" method="post">
${renderHiddenInputs(options.fields)}
<button type="submit" class="button">${messages.emailConfirmButton}</button>
</form>`;
  const theme = resolveTheme(options.theme);
  const page = renderLayout({ title: messages.emailConfirmTitle, theme, language, body });
  return { html: page, status: 200 };
}
