/**
 * CSRF protection by double submit: the cookie holds `token|sha256(token + secret)`, and a POST
 * must carry the same token in its body. The hash binds the cookie to our secret, so a cookie
 * planted by a sibling subdomain (which cannot compute it) is refused.
 */
import { randomHex, sha256Hex, timingSafeEqual } from "../crypto/primitives";

/** The token of a CSRF cookie value, or undefined when the value does not verify. */
export async function tokenFromCookie(
  value: string | undefined,
  secret: string,
): Promise<string | undefined> {
  if (!value) return undefined;
  const bar = value.indexOf("|");
  if (bar <= 0) return undefined;
  const token = value.slice(0, bar);
  const hash = value.slice(bar + 1);
  return timingSafeEqual(hash, await sha256Hex(`${token}${secret}`)) ? token : undefined;
}

/** A new token (32 random bytes, hex) and its cookie value. */
export async function createCsrfToken(secret: string): Promise<{ token: string; cookie: string }> {
  const token = randomHex(32);
  return { token, cookie: `${token}|${await sha256Hex(`${token}${secret}`)}` };
}

/** True when the body token equals the (verified) cookie token; constant-time. */
export function bodyTokenMatches(cookieToken: string | undefined, bodyToken: unknown): boolean {
  return (
    typeof cookieToken === "string" &&
    typeof bodyToken === "string" &&
    timingSafeEqual(cookieToken, bodyToken)
  );
}
