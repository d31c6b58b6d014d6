import { setCookiesOf } from "@portcullis/core";
import type { Cookies } from "@sveltejs/kit";

/**
 * Copies a core answer's cookies onto the SvelteKit response, attribute for attribute, so the
 * session cookie keeps the HttpOnly, Secure, SameSite, Path and Expires the core gave it.
 * Every attribute is written out: SvelteKit's defaults (HttpOnly, Secure off localhost,
 * SameSite=Lax, encodeURIComponent) would otherwise change a cookie the core set without them.
 * The value is already encoded by the core, so it is written as is.
 */
export function copyCookies(response: Response, cookies: Cookies): void {
  for (const { name, value, options } of setCookiesOf(response)) {
    cookies.set(name, value, {
      path: options.path ?? "/",
      httpOnly: options.httpOnly ?? false,
      secure: options.secure ?? false,
      sameSite: options.sameSite ?? false,
      ...(options.domain === undefined ? {} : { domain: options.domain }),
      ...(options.expires === undefined ? {} : { expires: options.expires }),
      ...(options.maxAge === undefined ? {} : { maxAge: options.maxAge }),
      ...(options.partitioned ? { partitioned: true } : {}),
      encode: (raw: string) => raw,
    });
  }
}
