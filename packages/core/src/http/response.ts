/**
 * Turns an AuthResult into a Response: the one place that knows about status codes, redirect
 * versus `{url}` JSON (X-Auth-Return-Redirect), Set-Cookie headers and body encoding.
 */
import type { AuthResult } from "../context";
import { serializeCookie } from "./cookies";

/** Headers that keep session and CSRF answers out of every cache. */
export const NO_STORE = {
  "Content-Type": "application/json",
  "Cache-Control": "private, no-cache, no-store",
  Expires: "0",
  Pragma: "no-cache",
} as const;

/** Serialises a result. With `returnRedirect`, a redirect becomes 200 `{"url": ...}`. */
export function toResponse(result: AuthResult, returnRedirect: boolean): Response {
  const headers = new Headers(result.headers);
  for (const cookie of result.cookies ?? [])
    headers.append("Set-Cookie", serializeCookie(cookie.name, cookie.value, cookie.options));
  if (result.redirect !== undefined) {
    if (returnRedirect) {
      headers.set("Content-Type", "application/json");
      return new Response(JSON.stringify({ url: result.redirect }), { status: 200, headers });
    }
    headers.set("Location", result.redirect);
    return new Response(null, { status: result.status ?? 302, headers });
  }
  if (typeof result.body === "string" && headers.has("Content-Type")) {
    return new Response(result.body, { status: result.status ?? 200, headers });
  }
  if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  return new Response(JSON.stringify(result.body ?? null), { status: result.status ?? 200, headers });
}

/** An HTML result. */
export function html(body: string, status = 200): AuthResult {
  return { status, body, headers: { "Content-Type": "text/html; charset=utf-8" } };
}
