/**
 * The built-in sign-out page.
 *
 * @module
 */
import type { Theme } from "../types";
import { renderHiddenInputs } from "./form-fields";
import { html } from "./html";
import { pageLanguage } from "./language";
import { renderLayout } from "./layout";
import { safeLinkUrl } from "./sanitize";
import { resolveTheme } from "./theme";
import type { RenderedPage } from "./types";

/** What {@link renderSignOutPage} needs. */
export interface SignOutPageOptions {
  csrfToken: string;
  /** The POST target, e.g. `/auth/signout`. */
  signOutUrl: string;
  /** Where to go after signing out; sent as a hidden field when given. */
  callbackUrl?: string;
  theme: Theme;
  /** The request's `Accept-Language` header; picks the language unless the theme sets one. */
  acceptLanguage?: string | null;
}

/**
 * Renders the sign-out confirmation page: a question and a form that posts the CSRF token (and
 * the callback URL when given) to the sign-out URL. Signing out takes a POST so that a link or
 * an image on another site cannot sign the user out.
 *
 * @param options - CSRF token, sign-out URL, callback URL and theme.
 * @returns the page, with status 200.
 * @example
 * ```ts
 * renderSignOutPage({ csrfToken, signOutUrl: "/auth/signout", theme: {} })
 * ```
 */
export function renderSignOutPage(options: SignOutPageOptions): RenderedPage {
  const hidden: Record<string, string> = { csrfToken: options.csrfToken };
  if (options.callbackUrl !== undefined) hidden.callbackUrl = options.callbackUrl;
  const language = pageLanguage(options.theme, options.acceptLanguage);
  const { messages } = language;
  const body = html`<h1>${messages.signOutTitle}</h1>
<p class="center">${messages.signOutQuestion}</p>
<form action="${safeLinkUrl(options.signOutUrl)}" method="post">
${renderHiddenInputs(hidden)}
<button type="submit" class="button">${messages.signOutButton}</button>
</form>`;
  const theme = resolveTheme(options.theme);
  return { html: renderLayout({ title: messages.signOutTitle, theme, language, body }), status: 200 };
}
