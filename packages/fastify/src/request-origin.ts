// A name or address with an optional port, as the core requires of X-Forwarded-Host. Anything else
// (spaces, an unclosed bracket) cannot form a URL, or (a slash, `?`, `#`, `@`) would make the
// request's URL point at another path than the one requested.
const HOST = /^[\w.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The origin (`protocol://host`) a request was made to, or `undefined` when its host is missing or
 * not a plain `host[:port]`. Such a request gets a 400 from the auth routes and no session, rather
 * than a 500 from a URL that cannot be built.
 *
 * @param protocol `http` or `https`, as the framework resolved it.
 * @param host The Host (or trusted X-Forwarded-Host) as the framework resolved it.
 * @returns The origin, or `undefined`. Never throws.
 * @example
 * ```ts
 * requestOrigin("https", "example.com:8443") // "https://example.com:8443"
 * requestOrigin("http", "evil.example/x") // undefined
 * ```
 */
export function requestOrigin(protocol: string, host: string | undefined): string | undefined {
  if (host === undefined || !HOST.test(host)) return undefined;
  const origin = `${protocol}://${host}`;
  return URL.canParse(origin) ? origin : undefined;
}
