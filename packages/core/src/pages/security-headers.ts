/**
 * The response headers every built-in HTML page carries, against framing and injected content.
 *
 * @module
 */
import { WEBAUTHN_SCRIPT_SOURCE } from "./webauthn-script";

/**
 * The Content-Security-Policy of the built-in pages, one constant string:
 * - `frame-ancestors 'none'`: no site may frame a page, so a sign-in or sign-out button cannot be
 *   overlaid and clicked by proxy (clickjacking);
 * - `script-src` allows only the passkey script, by its hash, so even markup slipped into a page
 *   could run nothing; no per-request nonce is needed, and none is built;
 * - `style-src 'unsafe-inline'`: the theme's one `<style>` element (built from validated colors);
 * - `img-src 'self' https: http:`: logos are http(s) URLs or same-origin paths;
 * - `connect-src 'self'`: the passkey script fetches its options from the same origin;
 * - `default-src 'none'` for everything else, and `base-uri 'none'` so no `<base>` can move the
 *   forms' relative targets. `form-action` is left open on purpose: an OAuth sign-in form posts
 *   to us and is redirected to the provider, which browsers check against `form-action` too.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src ${WEBAUTHN_SCRIPT_SOURCE}`,
  "style-src 'unsafe-inline'",
  "img-src 'self' https: http:",
  "connect-src 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join("; ");

/**
 * Headers for every built-in page answer: the policy above, and `X-Frame-Options: DENY` for
 * browsers that predate `frame-ancestors`.
 *
 * @example
 * ```ts
 * const headers = { "Content-Type": "text/html; charset=utf-8", ...PAGE_SECURITY_HEADERS }
 * ```
 */
export const PAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "Content-Security-Policy": CONTENT_SECURITY_POLICY,
  "X-Frame-Options": "DENY",
});
