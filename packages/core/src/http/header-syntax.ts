/**
 * What undici's `Headers` accepts and stores unchanged, for code that answers header reads or
 * writes without going through one but must behave exactly as if it had.
 */

/** An RFC 9110 token, what `Headers` accepts as a name. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** A code unit beyond Latin-1, which its ByteString conversion refuses. */
const WIDE = /[\u0100-\uffff]/;

/**
 * Whether `Headers` accepts this header name.
 *
 * @param name Any string.
 * @returns True for an RFC 9110 token.
 * @example
 * ```ts
 * isHeaderName("Set-Cookie") // true
 * isHeaderName("bad name") // false
 * ```
 */
export function isHeaderName(name: string): boolean {
  return TOKEN.test(name);
}

/**
 * Whether `Headers` stores this value as it is: neither refusing it nor trimming it.
 *
 * @param value Any string.
 * @returns False for a value with characters beyond Latin-1, NUL, CR or LF, or blanks at an end.
 * @example
 * ```ts
 * isPlainHeaderValue("private, no-store") // true
 * isPlainHeaderValue(" padded ") // false: Headers would trim it
 * ```
 */
export function isPlainHeaderValue(value: string): boolean {
  // Checked piecewise rather than by one anchored pattern: a session Cookie header is some 700
  // characters, and `indexOf` and a class V8 knows cannot occur in a one-byte string are a tenth
  // of the pattern's time on it.
  const last = value.length - 1;
  if (last >= 0 && (isBlank(value.charCodeAt(0)) || isBlank(value.charCodeAt(last)))) return false;
  return !value.includes("\0") && !value.includes("\n") && !value.includes("\r") && !WIDE.test(value);
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}
