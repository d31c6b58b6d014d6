/**
 * Copies the core's Set-Cookie headers into Next.js's cookie store (`cookies()` from
 * `next/headers`), which sends them with the answer of the route handler or server action.
 */
import { setCookiesOf } from "@portcullis/core";
import { requestCookies } from "./request-scope";

/**
 * Sets every cookie of a core answer on the current request's cookie store, attributes included.
 * The value is percent-decoded first, because Next.js encodes it again when it writes the cookie.
 * Only callable where Next.js allows setting cookies: server actions and route handlers.
 *
 * @param response The core's answer.
 * @throws Next.js's error when called while rendering a server component.
 */
export async function copyCookies(response: Response): Promise<void> {
  const store = await requestCookies();
  for (const { name, value, options } of setCookiesOf(response)) {
    let decoded = value;
    try {
      decoded = decodeURIComponent(value);
    } catch {
      // Not percent-encoded after all: keep it as written.
    }
    store.set(name, decoded, options);
  }
}
