/**
 * `headers()` and `cookies()` from `next/headers`, loaded on first use. Next.js refuses to build
 * any Pages Router file whose imports reach `next/headers` statically, and every app that imports
 * its `auth.ts` from `pages/` (for `auth(req, res)`) would reach it through this package.
 */

/** The headers of the request being served (App Router: server components, actions, handlers). */
export async function requestHeaders(): Promise<Headers> {
  const { headers } = await import("next/headers");
  return new Headers(await headers());
}

/** The cookie store of the request being served. */
export async function requestCookies() {
  const { cookies } = await import("next/headers");
  return cookies();
}
