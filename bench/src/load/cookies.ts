/**
 * Turning Set-Cookie response headers into the Cookie header a client sends back.
 *
 * @module
 */

/**
 * The `name=value` pairs of Set-Cookie headers, joined as a Cookie request header. Attributes
 * (Path, Expires, ...) are dropped; a later cookie of the same name replaces an earlier one.
 *
 * @param setCookies Set-Cookie header values, one cookie each.
 * @returns The Cookie header value; empty when there are none.
 * @example
 * ```ts
 * cookieHeader(["a=1; Path=/", "b=2; HttpOnly"]) // "a=1; b=2"
 * ```
 */
export function cookieHeader(setCookies: readonly string[]): string {
  const jar = new Map<string, string>();
  for (const line of setCookies) {
    const pair = line.split(";", 1)[0]!;
    const eq = pair.indexOf("=");
    if (eq > 0) jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

/**
 * Whether the Set-Cookie headers set a cookie of this name to a non-empty value.
 *
 * @param setCookies Set-Cookie header values.
 * @param name The cookie name.
 * @example
 * ```ts
 * setsCookie(["authjs.session-token=abc; Path=/"], "authjs.session-token") // true
 * ```
 */
export function setsCookie(setCookies: readonly string[], name: string): boolean {
  return setCookies.some((line) => line.startsWith(`${name}=`) && !line.startsWith(`${name}=;`));
}
