/**
 * OAuth 1.0a request signing (RFC 5849 section 3.4), HMAC-SHA1 on Web Crypto. Written here
 * rather than taken from npm: the maintained-looking package (`oauth-1.0a`) expects a hash
 * function from the caller and predates Web Crypto, and core stays on Web standards only.
 *
 * @module
 */

/** One request parameter; repeated names are allowed, as RFC 5849 section 3.4.1.3 says. */
export type OAuth1Param = [name: string, value: string];

/**
 * Percent-encodes a string as RFC 5849 section 3.6 requires: every byte but the unreserved
 * characters `A-Z a-z 0-9 - . _ ~`, in upper-case hex. `encodeURIComponent` leaves `!*'()` as
 * they are, which would break signatures over values holding them.
 *
 * @param value - The text to encode.
 * @returns The encoded text.
 * @example
 * ```ts
 * percentEncode("a b!") // "a%20b%21"
 * ```
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/**
 * The signature base string (RFC 5849 section 3.4.1): method, base string URI (no query, no
 * fragment, default port dropped, host lower-cased) and the normalized parameters (the URL's
 * query plus `params`, which hold the `oauth_*` protocol parameters and any form body),
 * each part percent-encoded and joined by `&`.
 *
 * @param method - The HTTP method.
 * @param url - The request URL; its query parameters are signed too.
 * @param params - The protocol parameters (without `oauth_signature`) and form body parameters.
 * @returns The base string.
 * @see https://www.rfc-editor.org/rfc/rfc5849#section-3.4.1
 * @example
 * ```ts
 * baseString("POST", "https://api.x.com/oauth/request_token", [["oauth_callback", cb]])
 * ```
 */
export function baseString(method: string, url: string, params: OAuth1Param[]): string {
  const target = new URL(url);
  const all: OAuth1Param[] = [...target.searchParams.entries(), ...params];
  // Sort by encoded name, then encoded value (section 3.4.1.3.2); a plain code-unit comparison
  // is the byte order the RFC asks for, since encoded text is ASCII.
  const normalized = all
    .map(([name, value]) => [percentEncode(name), percentEncode(value)] as const)
    .sort(([an, av], [bn, bv]) => (an === bn ? compare(av, bv) : compare(an, bn)))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  // URL already lower-cases the scheme and host and drops a default port (section 3.4.1.2).
  const baseUri = `${target.protocol}//${target.host}${target.pathname}`;
  return [method.toUpperCase(), percentEncode(baseUri), percentEncode(normalized)].join("&");
}

function compare(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/**
 * The HMAC-SHA1 signature (RFC 5849 section 3.4.2): the key is the encoded consumer secret and
 * the encoded token secret joined by `&` (the token secret empty before a token exists).
 *
 * @param base - The signature base string.
 * @param consumerSecret - The client's secret.
 * @param tokenSecret - The request or access token's secret, or `""`.
 * @returns The signature, base64.
 * @see https://www.rfc-editor.org/rfc/rfc5849#section-3.4.2
 * @example
 * ```ts
 * const signature = await hmacSha1(baseString("POST", url, params), secret, "")
 * ```
 */
export async function hmacSha1(base: string, consumerSecret: string, tokenSecret: string): Promise<string> {
  const text = new TextEncoder();
  const key = await crypto.subtle.importKey(
    "raw",
    text.encode(`${percentEncode(consumerSecret)}&${percentEncode(tokenSecret)}`),
    { name: "HMAC", hash: "SHA-1" },
    false,
    ["sign"],
  );
  const mac = new Uint8Array(await crypto.subtle.sign("HMAC", key, text.encode(base)));
  let binary = "";
  for (const byte of mac) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** What {@link authorizationHeader} signs with. */
export interface OAuth1Credentials {
  consumerKey: string;
  consumerSecret: string;
  token?: string;
  tokenSecret?: string;
}

/**
 * Signs a request and returns its `Authorization: OAuth ...` header (RFC 5849 section 3.5.1),
 * with a fresh nonce and the given timestamp.
 *
 * @param method - The HTTP method.
 * @param url - The request URL (query included).
 * @param credentials - Consumer key/secret and, after the first step, the token and its secret.
 * @param extra - More protocol parameters (`oauth_callback`, `oauth_verifier`) and form body params.
 * @param now - The clock, in milliseconds.
 * @returns The header value.
 * @example
 * ```ts
 * const header = await authorizationHeader("POST", url, { consumerKey, consumerSecret }, [], Date.now())
 * ```
 */
export async function authorizationHeader(
  method: string,
  url: string,
  credentials: OAuth1Credentials,
  extra: OAuth1Param[],
  now: number,
): Promise<string> {
  const nonce = new Uint8Array(16);
  crypto.getRandomValues(nonce);
  const oauth: OAuth1Param[] = [
    ["oauth_consumer_key", credentials.consumerKey],
    ["oauth_nonce", Array.from(nonce, (b) => b.toString(16).padStart(2, "0")).join("")],
    ["oauth_signature_method", "HMAC-SHA1"],
    ["oauth_timestamp", String(Math.floor(now / 1000))],
    ["oauth_version", "1.0"],
  ];
  if (credentials.token !== undefined) oauth.push(["oauth_token", credentials.token]);
  const signed = [...oauth, ...extra];
  const signature = await hmacSha1(
    baseString(method, url, signed),
    credentials.consumerSecret,
    credentials.tokenSecret ?? "",
  );
  const header: OAuth1Param[] = [
    ...signed.filter(([name]) => name.startsWith("oauth_")),
    ["oauth_signature", signature],
  ];
  return `OAuth ${header.map(([name, value]) => `${percentEncode(name)}="${percentEncode(value)}"`).join(", ")}`;
}
