/**
 * What undici's `Headers` accepts and stores unchanged, for code that answers header reads or
 * writes without going through one but must behave exactly as if it had.
 */

/** An RFC 9110 token, what `Headers` accepts as a name. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Latin-1 only (its ByteString conversion refuses the rest), no NUL, CR or LF (which it refuses),
 * no space or tab at either end (which it strips).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters Headers refuses are the point.
const PLAIN_VALUE = /^(?![\t ])[\x01-\x09\x0b\x0c\x0e-\xff]*(?<![\t ])$/;

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
  return PLAIN_VALUE.test(value);
}
