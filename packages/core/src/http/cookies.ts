/**
 * The cookie codec (RFC 6265): parse a `Cookie` header, serialise a `Set-Cookie` value, and split
 * a long value across numbered chunk cookies the way Auth.js does, so sessions survive a move in
 * either direction. It runs on every request, so it is hand-written, allocation-light and never
 * throws on what a client sends.
 *
 * @see https://www.rfc-editor.org/rfc/rfc6265
 * @see WIRE.md, section "Cookies"
 * @module
 */

import type { CookieSerializeOptions } from "../types";

/** One cookie to send in a `Set-Cookie` header. */
export interface SetCookie {
  name: string;
  value: string;
  options: CookieSerializeOptions;
}

/**
 * Browsers keep at least 4096 bytes per cookie (RFC 6265, section 6.1), name and attributes
 * included; 160 characters are reserved for the name and attributes, as Auth.js does, so both
 * split a value at the same places.
 */
export const CHUNK_SIZE: number = 4096 - 160;

/** An RFC 6265 cookie-name: an RFC 7230 token (visible ASCII except separators). */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** A host name: dot-separated labels of letters, digits and inner hyphens, optional leading dot. */
const DOMAIN = /^\.?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
/** RFC 6265 path-value: any CHAR except controls and ";". */
const PATH = /^[\x20-\x3a\x3c-\x7e]*$/;
const EPOCH = new Date(0);

/**
 * Parses a `Cookie` request header into a map of name to value.
 *
 * It never throws, because the header is attacker-controlled and a bad cookie must not turn into
 * a 500: a pair without `=` or with an empty name is skipped, and a value whose percent-encoding
 * is malformed is kept raw. Spaces and tabs around names and values are trimmed.
 *
 * A name that repeats with the same value is read once. A name that repeats with different
 * values is left out entirely, as if absent: the `Cookie` header carries no Domain or Path, so
 * there is no telling ours from one a sibling subdomain (or anyone on plain http) planted with a
 * broader Domain or a longer Path, which browsers send first. Taking the first would let that
 * cookie win (a CSRF token the attacker knows, the attacker's session); leaving both out fails
 * closed: no CSRF token, no session, no check cookie.
 *
 * @param header - The `Cookie` header value, or null/undefined when absent.
 * @param onAmbiguous - Called once with the name of each cookie left out for disagreeing
 * duplicates (for the log; never given the values).
 * @returns The cookies by name (empty when none).
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-5.4
 * @example
 * ```ts
 * const cookies = parseCookies(request.headers.get("cookie"))
 * cookies.get("authjs.csrf-token")
 * ```
 */
export function parseCookies(
  header: string | null | undefined,
  onAmbiguous?: (name: string) => void,
): Map<string, string> {
  const cookies = new Map<string, string>();
  if (!header) return cookies;
  // Allocated only when a name repeats with another value, which honest requests rarely do.
  let ambiguous: Set<string> | undefined;
  forEachCookie(header, (name, value) => {
    const seen = cookies.get(name);
    if (seen === undefined) cookies.set(name, value);
    else if (seen !== value) {
      ambiguous ??= new Set();
      ambiguous.add(name);
    }
  });
  if (ambiguous) {
    for (const name of ambiguous) {
      cookies.delete(name);
      onAmbiguous?.(name);
    }
  }
  return cookies;
}

/**
 * The distinct non-empty values a `Cookie` header carries under `name`, in header order, at most
 * {@link MAX_COOKIE_COPIES}. An honest browser sends one; more mean that someone else (a sibling
 * subdomain, a page on plain http) set the name too, the case {@link parseCookies} leaves out.
 * Only for the rare caller that must act on each copy, such as a sign-out ending the session
 * behind whichever one is ours.
 *
 * @param header - The `Cookie` header value, or null/undefined when absent.
 * @param name - The cookie name.
 * @returns The values (empty when none).
 * @example
 * ```ts
 * cookieValues("s=a; s=b; s=a", "s") // ["a", "b"]
 * ```
 */
export function cookieValues(header: string | null | undefined, name: string): string[] {
  const values: string[] = [];
  if (!header) return values;
  forEachCookie(header, (cookieName, value) => {
    if (cookieName === name && value !== "" && !values.includes(value)) values.push(value);
  });
  return values.slice(0, MAX_COOKIE_COPIES);
}

/**
 * How many copies of one cookie {@link cookieValues} answers. A planted cookie makes two; a
 * header with hundreds is someone making each request cost a database lookup per copy.
 */
export const MAX_COOKIE_COPIES = 4;

/**
 * Calls `visit` with each name and decoded value of a `Cookie` header, in header order; a pair
 * without `=` or with an empty name is skipped.
 */
function forEachCookie(header: string, visit: (name: string, value: string) => void): void {
  const length = header.length;
  let start = 0;
  while (start < length) {
    let end = header.indexOf(";", start);
    if (end === -1) end = length;
    const equals = header.indexOf("=", start);
    if (equals !== -1 && equals < end) {
      const name = trimmed(header, start, equals);
      if (name !== "") visit(name, decodeValue(trimmed(header, equals + 1, end)));
    }
    start = end + 1;
  }
}

/** The slice `[from, to)` of `text` without leading and trailing spaces and tabs. */
function trimmed(text: string, from: number, to: number): string {
  while (from < to && isBlank(text.charCodeAt(from))) from++;
  while (to > from && isBlank(text.charCodeAt(to - 1))) to--;
  return text.slice(from, to);
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}

/**
 * A cookie value percent-decoded as `decodeURIComponent` would, or as it is when that throws.
 * Escapes of ASCII characters (the CSRF cookie's `%7C`, the callback URL's `%3A%2F`) are decoded
 * here slice by slice, which the native function does several times more slowly; a value with
 * any other escape, or a malformed one, goes to it whole.
 */
function decodeValue(raw: string): string {
  let at = raw.indexOf("%");
  if (at === -1) return raw;
  let decoded = "";
  let from = 0;
  while (at !== -1) {
    const code = (hexDigit(raw.charCodeAt(at + 1)) << 4) | hexDigit(raw.charCodeAt(at + 2));
    // A missing digit makes the code negative; 0x80 and up begin a UTF-8 sequence.
    if (code < 0 || code >= 0x80) return decodeWhole(raw);
    decoded += raw.slice(from, at) + String.fromCharCode(code);
    from = at + 3;
    at = raw.indexOf("%", from);
  }
  return decoded + raw.slice(from);
}

/** A hex digit's value, or a negative number for anything else (NaN included). */
function hexDigit(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x30;
  const letter = code | 0x20;
  if (letter >= 0x61 && letter <= 0x66) return letter - 0x57;
  return -256;
}

function decodeWhole(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/**
 * Serialises one `Set-Cookie` header value. The value is `encodeURIComponent`-encoded, which
 * always yields valid RFC 6265 cookie-octets. Attributes are written in the order Max-Age, Domain,
 * Path, Expires, HttpOnly, Secure, Partitioned, SameSite; `sameSite: true` means `Strict`. A
 * fractional `maxAge` is rounded down.
 *
 * @param name - The cookie name; must be an RFC 6265 token.
 * @param value - The cookie value, any well-formed Unicode string.
 * @param options - The attributes.
 * @returns The header value, e.g. `a=b; Path=/; HttpOnly; SameSite=Lax`.
 * @throws {TypeError} when the name, domain, path, expires, maxAge or sameSite is invalid, or the
 * value contains a lone surrogate: these are configuration bugs, not client input. The message
 * never includes the value, which may be a token.
 * @see https://www.rfc-editor.org/rfc/rfc6265#section-4.1
 * @example
 * ```ts
 * serializeCookie("authjs.csrf-token", value, { httpOnly: true, sameSite: "lax", path: "/" })
 * ```
 */
export function serializeCookie(name: string, value: string, options: CookieSerializeOptions): string {
  if (!COOKIE_NAME.test(name)) throw new TypeError(`serializeCookie: invalid cookie name "${name}"`);
  let header = `${name}=${encodeValue(name, value)}`;
  const { maxAge, domain, path, expires, sameSite } = options;
  if (maxAge !== undefined) {
    if (!Number.isFinite(maxAge)) throw new TypeError(`serializeCookie: maxAge of "${name}" is not finite`);
    header += `; Max-Age=${Math.floor(maxAge)}`;
  }
  if (domain) {
    if (!DOMAIN.test(domain)) throw new TypeError(`serializeCookie: invalid domain "${domain}"`);
    header += `; Domain=${domain}`;
  }
  if (path) {
    if (!PATH.test(path)) throw new TypeError(`serializeCookie: invalid path "${path}"`);
    header += `; Path=${path}`;
  }
  if (expires) header += `; Expires=${httpDate(name, expires)}`;
  if (options.httpOnly) header += "; HttpOnly";
  if (options.secure) header += "; Secure";
  if (options.partitioned) header += "; Partitioned";
  if (sameSite) header += `; SameSite=${sameSiteValue(sameSite)}`;
  return header;
}

// Taken at load: an app's test may replace the global Date (fake timers, a subclass), and a date
// made before that is still a date. The methods read the internal time slot, so they work on any
// real Date whatever its constructor, and throw on anything else.
const toUTCString = Date.prototype.toUTCString;
const getTime = Date.prototype.getTime;

// The last date written, by its whole second (all the text shows): the session cookie's Expires
// moves once a second, so under load nearly every answer writes the same date again.
let lastSecond = Number.NaN;
let lastText = "";

function httpDate(name: string, expires: Date): string {
  let time: number;
  try {
    time = getTime.call(expires);
  } catch {
    time = Number.NaN;
  }
  if (Number.isNaN(time)) throw new TypeError(`serializeCookie: expires of "${name}" is not a valid Date`);
  const second = Math.floor(time / 1000);
  if (second !== lastSecond) {
    lastText = toUTCString.call(expires);
    lastSecond = second;
  }
  return lastText;
}

// ASCII characters encodeURIComponent leaves alone, and the escape it writes for each other one.
const URI_SAFE_ASCII = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()";
/** A value made only of those characters, which encodes to itself. */
const URI_SAFE = /^[\w.!~*'()-]*$/;
const ASCII_ESCAPES: readonly string[] = Array.from({ length: 128 }, (_, code) => {
  const char = String.fromCharCode(code);
  return URI_SAFE_ASCII.includes(char) ? "" : `%${code.toString(16).toUpperCase().padStart(2, "0")}`;
});

/**
 * The value as encodeURIComponent writes it (Auth.js's cookie encoding). Values made only of
 * safe characters (JWEs, hex) come back as they are after one regular-expression scan, about
 * twice as fast on a session token as the loop; a CSRF value or a callback URL needs a few
 * escapes, written here slice by slice, which the native function does far more slowly.
 * Anything beyond ASCII goes to encodeURIComponent whole.
 */
function encodeValue(name: string, value: string): string {
  if (URI_SAFE.test(value)) return value;
  let encoded = "";
  let from = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 128) return encodeUnicode(name, value);
    const escaped = ASCII_ESCAPES[code]!;
    if (escaped === "") continue;
    encoded += value.slice(from, i) + escaped;
    from = i + 1;
  }
  return from === 0 ? value : encoded + value.slice(from);
}

function encodeUnicode(name: string, value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    throw new TypeError(`serializeCookie: the value of "${name}" is not well-formed Unicode`);
  }
}

function sameSiteValue(sameSite: true | "lax" | "strict" | "none"): string {
  switch (typeof sameSite === "string" ? sameSite.toLowerCase() : sameSite) {
    case true:
    case "strict":
      return "Strict";
    case "lax":
      return "Lax";
    case "none":
      return "None";
    default:
      throw new TypeError(`serializeCookie: invalid sameSite "${String(sameSite)}"`);
  }
}

/**
 * Where `cookieName` sits in the chunk family of `name`: -1 for the bare name, `n` for
 * `name.n` (decimal digits only), undefined when it is not part of the family.
 */
function chunkIndex(cookieName: string, name: string): number | undefined {
  if (cookieName === name) return -1;
  const length = cookieName.length;
  if (
    length <= name.length + 1 ||
    cookieName.charCodeAt(name.length) !== 0x2e ||
    !cookieName.startsWith(name)
  ) {
    return undefined;
  }
  for (let i = name.length + 1; i < length; i++) {
    const code = cookieName.charCodeAt(i);
    if (code < 0x30 || code > 0x39) return undefined;
  }
  return Number(cookieName.slice(name.length + 1));
}

/**
 * The values of the chunks `name.<from>`, `name.<from + 1>`, ... in order, up to the first one
 * missing (or left out as ambiguous), up to chunk {@link MAX_CHUNK_RUN}: for a caller that must
 * find the user's own run in a family {@link readChunked} refuses, a sign-out.
 *
 * @param cookies - The parsed request cookies (see {@link parseCookies}).
 * @param name - The cookie name, e.g. `authjs.session-token`.
 * @param from - The first chunk's index.
 * @returns The chunk values (empty when there is no `name.<from>`).
 * @example
 * ```ts
 * chunkRun(parseCookies("s.0=a; s.1=b; s.3=d"), "s") // ["a", "b"]
 * ```
 */
export function chunkRun(cookies: Map<string, string>, name: string, from = 0): string[] {
  const run: string[] = [];
  for (let index = from; index < MAX_CHUNK_RUN; index++) {
    const value = cookies.get(`${name}.${index}`);
    if (!value) break;
    run.push(value);
  }
  return run;
}

/** The most chunks {@link chunkRun} answers: a browser keeps about 4 KB per cookie and 180 cookies per site. */
const MAX_CHUNK_RUN = 32;

/**
 * Reads a value that may be split across chunk cookies: the non-empty cookie named `name`, or the
 * non-empty chunks `name.0`, `name.1`, ... joined in order of their numeric suffix.
 *
 * A family that no writer produces reads as absent, like a name sent twice with different values
 * (see {@link parseCookies}): the bare cookie next to chunks, a suffix that comes twice (`.1` and
 * `.01`), or a run with a gap (a chunk left out as ambiguous, or a run not starting at `.0`).
 * Such a family holds a cookie someone else set, a sibling subdomain with a broader Domain say;
 * joining it with ours would yield garbage, and clearing that garbage would delete our cookies
 * while theirs, set for another Domain, stays.
 *
 * @param cookies - The parsed request cookies (see {@link parseCookies}).
 * @param name - The cookie name, e.g. `__Secure-authjs.session-token`.
 * @returns The joined value, or undefined when there is no non-empty cookie of that family or
 * the family is ambiguous.
 * @see WIRE.md, section "Cookies"
 * @example
 * ```ts
 * const token = readChunked(parseCookies(request.headers.get("cookie")), "authjs.session-token")
 * ```
 */
export function readChunked(cookies: Map<string, string>, name: string): string | undefined {
  let parts: Array<[number, string]> | undefined;
  for (const [cookieName, value] of cookies) {
    if (value === "") continue;
    const index = chunkIndex(cookieName, name);
    if (index === undefined) continue;
    if (parts === undefined) parts = [];
    parts.push([index, value]);
  }
  if (parts === undefined) return undefined;
  if (parts.length === 1 && parts[0]![0] === -1) return parts[0]![1];
  parts.sort((a, b) => a[0] - b[0]);
  let joined = "";
  // Sorted, a well-formed run has chunk i at position i; the bare cookie (-1), a repeated suffix
  // or a gap breaks that.
  for (let i = 0; i < parts.length; i++) {
    if (parts[i]![0] !== i) return undefined;
    joined += parts[i]![1];
  }
  return joined;
}

/**
 * The `Set-Cookie` list that stores `value` under `name`: one cookie when the value fits in
 * {@link CHUNK_SIZE} characters, else `name.0`, `name.1`, ...; plus, for every cookie of the
 * family present in the request but no longer written, an empty cookie with `Max-Age=0` and an
 * epoch `Expires`, so the browser drops it (a stale chunk would otherwise corrupt the next read).
 * A chunk boundary never splits a UTF-16 surrogate pair.
 *
 * @param name - The cookie name.
 * @param value - The value to store.
 * @param options - Attributes of the written cookies (also used, with `maxAge: 0`, for the clears).
 * @param existing - The request's cookies.
 * @returns The cookies to send, written ones first.
 * @see WIRE.md, section "Cookies"
 * @example
 * ```ts
 * const setCookies = writeChunked("authjs.session-token", jwe, { httpOnly: true, path: "/" }, cookies)
 * ```
 */
export function writeChunked(
  name: string,
  value: string,
  options: CookieSerializeOptions,
  existing: Map<string, string>,
): SetCookie[] {
  const written: SetCookie[] = [];
  if (value.length <= CHUNK_SIZE) {
    written.push({ name, value, options });
  } else {
    let start = 0;
    while (start < value.length) {
      let end = Math.min(start + CHUNK_SIZE, value.length);
      // A high surrogate at the end would be encoded alone and fail: keep the pair together.
      if (end < value.length && isHighSurrogate(value.charCodeAt(end - 1))) end--;
      written.push({ name: `${name}.${written.length}`, value: value.slice(start, end), options });
      start = end;
    }
  }
  const count = written.length;
  for (const cookieName of existing.keys()) {
    const index = chunkIndex(cookieName, name);
    if (index === undefined) continue;
    // Compare names, not indexes: `name.01` reads as chunk 1 but is not overwritten by `name.1`.
    const stillWritten =
      count === 1 ? index === -1 : index >= 0 && index < count && written[index]?.name === cookieName;
    if (!stillWritten) written.push(expired(cookieName, options));
  }
  return written;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function expired(name: string, options: CookieSerializeOptions): SetCookie {
  return { name, value: "", options: { ...options, maxAge: 0, expires: EPOCH } };
}

/**
 * The `Set-Cookie` list that deletes a possibly chunked cookie: the bare name always, plus every
 * chunk of the family present in the request, each as an empty value with `Max-Age=0` and an
 * epoch `Expires`.
 *
 * @param name - The cookie name.
 * @param options - Attributes of the cookie (`Path` and `Domain` must match for the browser to delete it).
 * @param existing - The request's cookies.
 * @returns The cookies to send.
 * @see WIRE.md, section "Cookies"
 * @example
 * ```ts
 * const setCookies = clearChunked("authjs.session-token", { path: "/" }, cookies)
 * ```
 */
export function clearChunked(
  name: string,
  options: CookieSerializeOptions,
  existing: Map<string, string>,
): SetCookie[] {
  const cleared = [expired(name, options)];
  for (const cookieName of existing.keys()) {
    const index = chunkIndex(cookieName, name);
    if (index !== undefined && index !== -1) cleared.push(expired(cookieName, options));
  }
  return cleared;
}

/**
 * The `Set-Cookie` header value of a cookie the engine answered, for frameworks whose response
 * takes headers rather than a cookie API.
 *
 * @param cookie The cookie, as the engine's server face answers it.
 * @returns e.g. `authjs.session-token=...; Path=/; HttpOnly; SameSite=Lax`.
 * @throws TypeError for attributes no configuration should produce (see {@link serializeCookie}).
 * @example
 * ```ts
 * response.headers.append("set-cookie", setCookieHeader(cookie))
 * ```
 */
export function setCookieHeader(cookie: SetCookie): string {
  return serializeCookie(cookie.name, cookie.value, cookie.options);
}
