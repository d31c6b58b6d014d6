import type { ResponseCookie } from "@portcullis/core";
import type { Cookies } from "@sveltejs/kit";

/**
 * Sets the engine's cookies through `event.cookies`. Every attribute is spelled out: SvelteKit
 * fills in HttpOnly, SameSite=Lax and (on any host but `localhost`) Secure when one is left out,
 * which would e.g. make a plain-http `127.0.0.1` app's session cookie Secure, never sent back. The
 * value gets SvelteKit's default `encodeURIComponent`, the encoding the engine's routes use.
 *
 * @example
 * ```ts
 * import type { RequestEvent } from "@sveltejs/kit"
 *
 * export async function load(event: RequestEvent) {
 *   setCookies(event.cookies, (await auth.session({ headers: event.request.headers })).cookies)
 * }
 * ```
 */
export function setCookies(target: Cookies, cookies: readonly ResponseCookie[]): void {
  for (const { name, value, options } of cookies) {
    const { path = "/", httpOnly = false, secure = false, sameSite = false } = options;
    target.set(name, value, { ...options, path, httpOnly, secure, sameSite });
  }
}
