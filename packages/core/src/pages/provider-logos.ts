/**
 * Small logos for the built-in OAuth/OIDC providers' buttons on the sign-in page.
 *
 * Each logo is the inside of a 24×24 SVG drawn in `currentColor` (the button's text color, which
 * the page already keeps readable on the brand color), so one mark works on a light, dark or
 * brand-colored button. They are written into the page as inline `<svg>` markup rather than
 * loaded: the page fetches nothing from elsewhere, and the page's Content-Security-Policy (no
 * `data:` images, no third-party hosts required) stays as strict as it is.
 *
 * @module
 */
import { type SafeHtml, trustedHtml } from "./html";

/**
 * The marks, by provider id. Constants written here, never built from input: that is what lets
 * {@link providerLogo} insert them unescaped. A provider without an entry gets no logo.
 */
const LOGOS: ReadonlyMap<string, string> = new Map([
  [
    "github",
    '<path d="M12 2a10 10 0 0 0-3 19.5V19c-2.5.5-3-1-3.5-2l-1-1h1c1 0 1.5 1 2 1.5s1.5.3 1.8 0c.1-.7.4-1 .7-1.3-2.5-.3-4.5-1.5-4.5-5 0-1 .4-2 1-2.7-.2-.6-.2-1.7.2-2.6 1 0 2 .6 2.8 1.2a9 9 0 0 1 5 0c.8-.6 1.8-1.2 2.8-1.2.4.9.4 2 .2 2.6.6.7 1 1.7 1 2.7 0 3.5-2 4.7-4.5 5 .5.4.7 1 .7 2v3.3A10 10 0 0 0 12 2z"/>',
  ],
  [
    "google",
    '<path d="M19.5 12h-7M19.5 12a7.5 7.5 0 1 1-2.2-5.3" fill="none" stroke="currentColor" stroke-width="3"/>',
  ],
  ["gitlab", '<path d="M12 21 2.5 14 4.5 3.5 7.5 10h9l3-6.5 2 10.5z"/>'],
  [
    "discord",
    '<path fill-rule="evenodd" d="M5 6.5C7 5 9 4.5 9.5 4.5l.5 1a14 14 0 0 1 4 0l.5-1c.5 0 2.5.5 4.5 2 1.5 3 2.5 6.5 2 10.5-1.5 1.2-3 1.8-4.5 2.2l-1-1.6 1.6-.8-.4-.3a11 11 0 0 1-9.4 0l-.4.3 1.6.8-1 1.6C5.5 18.8 4 18.2 2.5 17 2 13 3 9.5 5 6.5zM8 12.5a1.5 1.7 0 1 0 3 0 1.5 1.7 0 1 0-3 0zm5 0a1.5 1.7 0 1 0 3 0 1.5 1.7 0 1 0-3 0z"/>',
  ],
  [
    "apple",
    '<path d="M16.5 12.6c0-2 1.6-3 1.7-3a3.7 3.7 0 0 0-2.9-1.6c-1.2-.1-2.4.7-3 .7s-1.6-.7-2.6-.7A3.9 3.9 0 0 0 6.4 10c-1.4 2.4-.4 6 1 8 .7 1 1.5 2 2.5 2s1.3-.6 2.5-.6 1.5.6 2.5.6 1.7-1 2.3-2a8 8 0 0 0 1-2.1 3.3 3.3 0 0 1-1.7-3.3zm-1.9-6.3a3.4 3.4 0 0 0 .8-2.5 3.5 3.5 0 0 0-2.3 1.2 3.2 3.2 0 0 0-.8 2.4 2.9 2.9 0 0 0 2.3-1.1z"/>',
  ],
  [
    // The four squares keep their own colors: they read on the blue button and on a plain one.
    "microsoft-entra-id",
    '<path fill="#f25022" d="M3 3h8.5v8.5H3z"/><path fill="#7fba00" d="M12.5 3H21v8.5h-8.5z"/><path fill="#00a4ef" d="M3 12.5h8.5V21H3z"/><path fill="#ffb900" d="M12.5 12.5H21V21h-8.5z"/>',
  ],
  [
    "facebook",
    '<path d="M12 2a10 10 0 0 0-1.6 19.9v-7H8V12h2.4V9.8c0-2.5 1.5-3.9 3.8-3.9 1.1 0 2.2.2 2.2.2v2.5h-1.2c-1.2 0-1.6.8-1.6 1.6V12h2.7l-.4 2.9h-2.3v7A10 10 0 0 0 12 2z"/>',
  ],
  [
    "twitter",
    '<path d="M3.5 3.5h5l12 17h-5z"/><path d="M4 20.5 10.6 13m2.8-2L20 3.5" fill="none" stroke="currentColor" stroke-width="1.8"/>',
  ],
  [
    "linkedin",
    '<path fill-rule="evenodd" d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm1.5 7v7.5H9V10zm1.3-4a1.4 1.4 0 1 0 0 2.8 1.4 1.4 0 0 0 0-2.8zM11 10v7.5h2.5v-4c0-1 .6-1.6 1.4-1.6s1.1.6 1.1 1.6v4h2.5V13c0-2.3-1.2-3.2-2.8-3.2a2.7 2.7 0 0 0-2.2 1.1V10z"/>',
  ],
  [
    "slack",
    '<path d="M9 3.5v17m6-17v17M3.5 9h17m-17 6h17" fill="none" stroke="currentColor" stroke-width="3" stroke-linecap="round"/>',
  ],
  [
    "twitch",
    '<path fill-rule="evenodd" d="M4 2 2.5 6v14H7v2.5L9.5 20H13l8.5-8.5V2zm2 2h13.5v6.5l-3 3H13l-2.5 2.5v-2.5H6zm5 2.5h2v5h-2zm4.5 0h2v5h-2z"/>',
  ],
  [
    "spotify",
    '<g fill="none" stroke="currentColor" stroke-linecap="round"><circle cx="12" cy="12" r="10" stroke-width="2"/><path d="M7 9.5c3.5-1 7.5-.7 10.5 1m-10 2.3c3-.8 6-.5 8.5 1M8 15.8c2.3-.6 4.6-.4 6.5.7" stroke-width="1.6"/></g>',
  ],
  [
    "reddit",
    '<g fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"><ellipse cx="12" cy="14.5" rx="8.5" ry="5.5"/><path d="m12 9 1.2-5.5 4 1M9 16.8c1.8 1.2 4.2 1.2 6 0"/><circle cx="18.5" cy="4.5" r="1.3"/></g><circle cx="9" cy="13.5" r="1.3"/><circle cx="15" cy="13.5" r="1.3"/>',
  ],
  ["auth0", '<path d="m12 2.5 2.9 6.6 7.1.6-5.4 4.7 1.6 7-6.2-3.7-6.2 3.7 1.6-7L2 9.7l7.1-.6z"/>'],
  ["okta", '<circle cx="12" cy="12" r="7.5" fill="none" stroke="currentColor" stroke-width="4"/>'],
  [
    "keycloak",
    '<path d="M7 3h10l5 9-5 9H7l-5-9z" fill="none" stroke="currentColor" stroke-width="2"/><path d="m10.5 8.5-2 3.5 2 3.5m3-7 2 3.5-2 3.5" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round"/>',
  ],
]);

/**
 * The ids of the providers that have a built-in logo.
 *
 * @example
 * ```ts
 * PROVIDER_LOGO_IDS.includes("github") // true
 * ```
 */
export const PROVIDER_LOGO_IDS: readonly string[] = Object.freeze([...LOGOS.keys()]);

/**
 * The built-in logo of a provider, as an inline `<svg>` ready for a button, or `undefined` for a
 * provider without one (a custom provider, or a built-in one with no mark here). The logo is
 * decorative (`aria-hidden`): the button's text already names the provider, and a screen reader
 * would otherwise say it twice.
 *
 * @param providerId - the provider's id, e.g. `"github"`; looked up in a Map, so an id such as
 *   `__proto__` finds nothing.
 * @returns the `<svg>` element, or `undefined`.
 * @example
 * ```ts
 * html`<button>${providerLogo("github")}<span>Sign in with GitHub</span></button>`
 * ```
 */
export function providerLogo(providerId: string): SafeHtml | undefined {
  const inside = LOGOS.get(providerId);
  if (inside === undefined) return undefined;
  return trustedHtml(
    `<svg class="provider-logo" viewBox="0 0 24 24" width="20" height="20" fill="currentColor" aria-hidden="true" focusable="false">${inside}</svg>`,
  );
}
