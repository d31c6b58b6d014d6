/**
 * Turns an AuthResult into a Response: the one place that knows about status codes, redirect
 * versus `{url}` JSON (X-Auth-Return-Redirect), Set-Cookie headers and body encoding.
 */
import type { AuthResult } from "../context";
import { PAGE_SECURITY_HEADERS } from "../pages/security-headers";
import { serializeCookie } from "./cookies";
import { textResponse } from "./memory-response";

/** Headers that keep session and CSRF answers out of every cache. */
export const NO_STORE = {
  "Content-Type": "application/json",
  "Cache-Control": "private, no-cache, no-store",
  Expires: "0",
  Pragma: "no-cache",
} as const;

/** Whether a header name is Content-Type, in any case (lowercased only when the length fits). */
function isContentType(name: string): boolean {
  return name.length === 12 && (name === "Content-Type" || name.toLowerCase() === "content-type");
}

/**
 * Serialises a result. With `returnRedirect`, a redirect becomes 200 `{"url": ...}`, and a
 * refusing one `{"url": ..., "error": type}`.
 */
export function toResponse(result: AuthResult, returnRedirect: boolean): Response {
  const given = result.headers ?? {};
  let contentType: string | undefined;
  for (const name in given) if (isContentType(name)) contentType = given[name];
  // Handed over as a list, in the order a Headers would have received them: on Node the response
  // keeps the list and its writer reads it, so no Headers is built for an answer nobody inspects.
  const fields: [string, string][] = [];
  let text: string | null;
  let status: number;
  if (result.redirect !== undefined && !returnRedirect) {
    text = null;
    status = result.status ?? 302;
    fields.push(["Location", result.redirect]);
  } else if (result.redirect !== undefined) {
    contentType = "application/json";
    text = JSON.stringify(
      result.refusal === undefined
        ? { url: result.redirect }
        : { url: result.redirect, error: result.refusal },
    );
    status = 200;
  } else {
    const verbatim = typeof result.body === "string" && contentType !== undefined;
    contentType ??= "application/json";
    text = verbatim ? (result.body as string) : JSON.stringify(result.body ?? null);
    status = result.status ?? 200;
  }
  for (const name in given) if (!isContentType(name)) fields.push([name, given[name]!]);
  if (contentType !== undefined) fields.push(["Content-Type", contentType]);
  const cookies = (result.cookies ?? []).map((cookie) =>
    serializeCookie(cookie.name, cookie.value, cookie.options),
  );
  return textResponse(text, { status }, fields, cookies);
}

/**
 * An HTML result: a built-in page, with the headers that forbid framing it and running any
 * script but the passkey one (see `PAGE_SECURITY_HEADERS`), that keep it out of shared caches
 * (`Cache-Control: private`), and `Vary: Accept-Language`.
 *
 * @param body - The whole document.
 * @param status - The status code, default 200.
 * @returns The result.
 * @example
 * ```ts
 * const result = html(renderErrorPage(options).html, 403)
 * ```
 */
export function html(body: string, status = 200): AuthResult {
  // A page is one visitor's: the sign-in and sign-out forms hold their CSRF token and callback
  // URL (a shared cache would hand both to the next visitor, whose posts then fail the CSRF
  // check), and its language may follow their Accept-Language. `private`, not `no-store`: Next.js
  // prefetches a link to a protected page, gets the sign-in page, and with `no-store` Chromium
  // never finishes that prefetch. Pages a second load must not show again add `no-store`.
  const headers = {
    "Content-Type": "text/html; charset=utf-8",
    "Cache-Control": "private",
    Vary: "Accept-Language",
    ...PAGE_SECURITY_HEADERS,
  };
  return { status, body, headers };
}
