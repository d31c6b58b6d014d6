/**
 * What a callbackUrl may look like, whoever wrote it: an absolute http(s) URL or a path starting
 * with a single `/`, as well-formed text. Every value that passes is rewritten into the form
 * `new URL` serialises (percent-encoded, ASCII only), so it fits a Location header and a cookie.
 *
 * @see WIRE.md, "Redirects" and "Portcullis differs"
 * @module
 */

/** Why a callbackUrl was refused; a fixed phrase, safe to log (it never repeats the value). */
export type CallbackUrlProblem =
  | "control character"
  | "lone surrogate"
  | "replacement character"
  | "undecodable percent-escape"
  | "protocol-relative path"
  | "not an http(s) URL or a path";

/**
 * The first character-level problem of a value, in one pass. Control characters (C0, DEL, C1)
 * are refused because CR/LF would split a header and because the URL parser silently drops
 * TAB/CR/LF, so `/\t/evil.example` would become `//evil.example` after the check. A lone
 * surrogate cannot be encoded into a cookie or a URL. U+FFFD is what a decoder writes for bytes
 * that were not UTF-8: no genuine link contains it, so it marks input that was mangled on the way.
 */
function characterProblem(value: string): CallbackUrlProblem | undefined {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return "control character";
    if (code === 0xfffd) return "replacement character";
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return "lone surrogate";
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return "lone surrogate";
    }
  }
  return undefined;
}

/** True when every `%` starts an escape that decodes, and the escapes together are UTF-8. */
function percentEscapesDecode(value: string): boolean {
  if (!value.includes("%")) return true;
  try {
    decodeURIComponent(value);
    return true;
  } catch {
    return false;
  }
}

/**
 * A path must start with exactly one slash: browsers read `//host` and `/\host` as another
 * host (a backslash counts as a slash in http(s) URLs), which would turn a path into an open
 * redirect as soon as something uses it as a relative URL.
 */
function isHostRelative(value: string): boolean {
  const second = value.charCodeAt(1);
  return second === 0x2f || second === 0x5c;
}

/**
 * Checks a callbackUrl and returns it in canonical form: a path as `new URL` serialises it
 * relative to `origin` (so `/日本` becomes `/%E6%97%A5%E6%9C%AC`), an absolute http(s) URL as its
 * `href`. Both forms are ASCII, so they fit a Location header and a cookie as they are.
 *
 * @param value - The candidate, from a client or from the `redirect` callback.
 * @param origin - The app's origin, to resolve a path against.
 * @returns `{ url }` with the canonical form, or `{ problem }` saying why the value is refused.
 * @example
 * ```ts
 * canonicalCallbackUrl("/日本", "https://app.example") // { url: "/%E6%97%A5%E6%9C%AC" }
 * canonicalCallbackUrl("//evil.example", "https://app.example") // { problem: "protocol-relative path" }
 * ```
 */
export function canonicalCallbackUrl(
  value: string,
  origin: string,
): { url: string; problem?: undefined } | { url?: undefined; problem: CallbackUrlProblem } {
  const problem =
    characterProblem(value) ?? (percentEscapesDecode(value) ? undefined : "undecodable percent-escape");
  if (problem) return { problem };
  if (value.startsWith("/")) {
    if (isHostRelative(value)) return { problem: "protocol-relative path" };
    const resolved = new URL(value, origin);
    const path = resolved.href.slice(resolved.origin.length);
    // Dot segments can collapse into a leading `//` (`/a/..//evil.example`): check the result too.
    return isHostRelative(path) ? { problem: "protocol-relative path" } : { url: path };
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { problem: "not an http(s) URL or a path" };
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    return { problem: "not an http(s) URL or a path" };
  return { url: url.href };
}

/**
 * Whether a value may serve as a callbackUrl: an absolute http(s) URL or a path starting with a
 * single `/`, without control characters, lone surrogates, U+FFFD or undecodable percent-escapes.
 * Integrations use it to drop a visitor's bad `redirectTo` before calling the core. It says
 * nothing about the origin: the `redirect` callback decides which origins are allowed.
 *
 * @param value - The candidate callbackUrl.
 * @returns True when the core would accept it.
 * @example
 * ```ts
 * import { isValidCallbackUrl } from "@portcullis/core"
 * const target = isValidCallbackUrl(redirectTo) ? redirectTo : "/"
 * ```
 */
export function isValidCallbackUrl(value: string): boolean {
  return canonicalCallbackUrl(value, "http://localhost").url !== undefined;
}
