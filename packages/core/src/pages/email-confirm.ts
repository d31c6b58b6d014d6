/**
 * The one-click confirmation page of a magic link (the email provider's `confirm` option).
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

/** What {@link renderEmailConfirmPage} needs. */
export interface EmailConfirmPageOptions {
  /** Where the form posts, e.g. `/auth/callback/email`. */
  actionUrl: string;
  /** Sent as hidden inputs, e.g. `token`, `email` and `callbackUrl`. */
  fields: Record<string, string>;
  /** The address being signed in, shown to the user. */
  email: string;
  theme: Theme;
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
  const body = html`<h1>Confirm sign in</h1>
<p class="center">Sign in as <strong>${options.email}</strong>?</p>
<form action="${safeLinkUrl(options.actionUrl)}" method="post">
${renderHiddenInputs(options.fields)}
<button type="submit" class="button">Sign in</button>
</form>`;
  const page = renderLayout({ title: "Confirm sign in", theme: resolveTheme(options.theme), body });
  return { html: page, status: 200 };
}
