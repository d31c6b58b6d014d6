/**
 * Small logos for the built-in OAuth/OIDC providers' buttons on the sign-in page.
 *
 * Each logo is the inside of a 24×24 SVG drawn in `currentColor` (the button's text color, which
 * the page already keeps readable on the brand color), so one mark works on a light, dark or
 * brand-colored button. They are written into the page as inline `<svg>` markup rather than
 * loaded: the page fetches nothing from elsewhere, and the page's Content-Security-Policy (no
 * `data:` images, no third-party hosts required) stays as strict as it is.
 *
 * A provider's mark lives in its factory's module, under {@link providerMark}, so an app carries
 * the marks of the providers it imports and no others (as Auth.js's pages take a provider's logo
 * from its factory's `style`).
 *
 * @module
 */
import { type SafeHtml, trustedHtml } from "./html";

/**
 * Key under which a built-in provider factory gives its mark: the inside of a 24×24 SVG. A symbol
 * of this module, not a registered one, so only the factories can set it: no configuration,
 * JSON or copied object can, which is what lets {@link providerLogo} insert the mark unescaped.
 */
export const providerMark: unique symbol = Symbol("provider mark");

/** A provider that may carry a built-in mark. */
export interface ProviderMarked {
  [providerMark]?: string;
}

/**
 * The built-in logo of a provider, as an inline `<svg>` ready for a button, or `undefined` for a
 * provider without one (a custom provider, or a built-in one with no mark). The logo is
 * decorative (`aria-hidden`): the button's text already names the provider, and a screen reader
 * would otherwise say it twice.
 *
 * @param provider - the provider, as its factory made it (any other object has no mark).
 * @returns the `<svg>` element, or `undefined`.
 * @example
 * ```ts
 * html`<button>${providerLogo(GitHub())}<span>Sign in with GitHub</span></button>`
 * ```
 */
export function providerLogo(provider: object): SafeHtml | undefined {
  const inside = (provider as ProviderMarked)[providerMark];
  if (typeof inside !== "string") return undefined;
  return trustedHtml(
    `<svg class="provider-logo" viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false">${inside}</svg>`,
  );
}
