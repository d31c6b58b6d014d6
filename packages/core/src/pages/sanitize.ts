/**
 * Validators for configuration values that the built-in pages put into CSS or URLs. Escaping
 * keeps a value from breaking out of an HTML attribute, but it does not stop `red;}</style>`
 * from rewriting the stylesheet or `javascript:` from running as a link, so these values are
 * checked against a strict shape first and dropped when they do not fit.
 *
 * @module
 */

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const NAMED_COLOR = /^[a-z]{3,30}$/i;
// Only digits, commas, dots, spaces and percent signs: nothing that can end a declaration or a rule.
const FUNCTION_COLOR = /^(?:rgba?|hsla?)\([0-9.,% ]+\)$/i;

/**
 * Returns a CSS color that is safe to place in a stylesheet, or `undefined`. Accepted: hex
 * (`#rgb`, `#rrggbb`, `#rrggbbaa`), a plain color name (letters only), and `rgb()`/`rgba()`/
 * `hsl()`/`hsla()` whose arguments hold only digits, commas, dots, spaces and `%`.
 *
 * @param value - a theme or provider color from the configuration.
 * @returns the trimmed color, or `undefined` when it is not of an accepted shape.
 * @example
 * ```ts
 * safeCssColor("#24292f") // "#24292f"
 * safeCssColor("red;}</style>") // undefined
 * ```
 */
export function safeCssColor(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const color = value.trim();
  if (HEX_COLOR.test(color) || NAMED_COLOR.test(color) || FUNCTION_COLOR.test(color)) return color;
  return undefined;
}

/** True when the string holds a C0 control, a space, DEL or a backslash. */
function hasUnsafeUrlChars(value: string): boolean {
  for (const char of value) {
    if (char <= " " || char === "\u007f" || char === "\\") return true;
  }
  return false;
}

/**
 * Returns an image URL that is safe for `<img src>`, or `undefined`. Accepted: absolute `https:`
 * and `http:` URLs, and same-origin paths starting with a single `/`. A leading `//` (or `/\`,
 * which browsers read the same way) would load from another host under the page's scheme, and
 * whitespace or control characters are rejected because browsers strip them while parsing, which
 * could turn an innocent-looking value into a different URL.
 *
 * @param value - a theme logo or provider logo from the configuration.
 * @returns the URL (absolute ones normalised), or `undefined` when it is not accepted.
 * @example
 * ```ts
 * safeImageUrl("/logo.svg") // "/logo.svg"
 * safeImageUrl("javascript:alert(1)") // undefined
 * ```
 */
export function safeImageUrl(value: unknown): string | undefined {
  if (typeof value !== "string" || value === "" || hasUnsafeUrlChars(value)) return undefined;
  if (value.startsWith("/")) return value.startsWith("//") ? undefined : value;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;

/**
 * Returns a URL that is safe for `href` or a form `action`: the value itself when it is relative
 * or uses `http:`/`https:`, and `"#"` otherwise. The URLs the pages link to come from the server,
 * but a `javascript:` or `data:` URL there would run script on click, so it is refused anyway.
 *
 * @param value - a link or form target.
 * @returns the value, or `"#"` when its scheme is not http(s).
 * @example
 * ```ts
 * safeLinkUrl("/auth/signin") // "/auth/signin"
 * safeLinkUrl("javascript:alert(1)") // "#"
 * ```
 */
export function safeLinkUrl(value: string): string {
  // Browsers drop tabs and newlines inside a URL and leading spaces before its scheme, so the
  // scheme is read with every control character and space removed.
  let probe = "";
  for (const char of value) {
    if (char > " " && char !== "\u007f") probe += char;
  }
  const scheme = SCHEME.exec(probe)?.[1]?.toLowerCase();
  if (scheme === undefined || scheme === "http" || scheme === "https") return value;
  return "#";
}
