/**
 * The built-in sign-out page.
 *
 * @module
 */
import type { Theme } from "../types";
import { renderHiddenInputs } from "./form-fields";
import { html } from "./html";
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
  const body = html`<h1>Sign out</h1>
<p class="center">Are you sure you want to sign out?</p>
<form action="${safeLinkUrl(options.signOutUrl)}" method="post">
${renderHiddenInputs(hidden)}
<button type="submit" class="button">Sign out</button>
</form>`;
  return { html: renderLayout({ title: "Sign out", theme: resolveTheme(options.theme), body }), status: 200 };
}
