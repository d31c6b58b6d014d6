/**
 * The built-in "check your email" page shown after a magic link was sent.
 *
 * @module
 */
import type { Theme } from "../types";
import { html } from "./html";
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
}

/**
 * Renders the page telling the user that a sign-in link was sent to their email address, with a
 * link back to the site.
 *
 * @param options - host, home URL and theme.
 * @returns the page, with status 200.
 * @example
 * ```ts
 * renderVerifyRequestPage({ host: "example.com", homeUrl: "https://example.com", theme: {} })
 * ```
 */
export function renderVerifyRequestPage(options: VerifyRequestPageOptions): RenderedPage {
  const body = html`<h1>Check your email</h1>
<p class="center">A sign-in link has been sent to your email address.</p>
<p class="center muted"><a href="${safeLinkUrl(options.homeUrl)}">${options.host}</a></p>`;
  const page = renderLayout({ title: "Check your email", theme: resolveTheme(options.theme), body });
  return { html: page, status: 200 };
}
