/**
 * The built-in "check your email" page shown after a magic link was sent.
 *
 * @module
 */
import type { Theme } from "../types";
import { fillIn } from "./fill-in";
import { html } from "./html";
import { pageLanguage } from "./language";
import { renderLayout } from "./layout";
import { safeLinkUrl } from "./sanitize";
import { resolveTheme } from "./theme";
import type { RenderedPage } from "./types";

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
}

/**
 * Renders the page telling the user that a sign-in link was sent to their email address (named,
 * when `email` is given), with a link back to the site.
 *
 * @param options - host, home URL and theme.
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
<p class="center">${options.email ? fillIn(messages.verifyRequestTextTo, { email: html`<strong>${options.email}</strong>` }) : messages.verifyRequestText}</p>
<p class="center muted"><a href="${safeLinkUrl(options.homeUrl)}">${options.host}</a></p>`;
  const theme = resolveTheme(options.theme);
  const page = renderLayout({ title: messages.verifyRequestTitle, theme, language, body });
  return { html: page, status: 200 };
}
