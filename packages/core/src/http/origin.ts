/**
 * Where the app is served: its origin and whether that is https. From `AUTH_URL` when set;
 * else from the request, trusting Host and X-Forwarded-* only when the host is trusted.
 */
import type { InternalConfig } from "../config/normalize";
import { UntrustedHost } from "../errors";
import { BadRequest } from "./request";

/**
 * A host: a name or address with an optional port. Anything else (spaces, an unclosed bracket)
 * cannot form a URL, or (a slash, `?`, `#`, `@`) would make a URL point at another path.
 */
export const HOST = /^[\w.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** The request's public URL (same path and query), resolved against AUTH_URL or trusted headers. */
export function publicUrl(request: Request, config: InternalConfig): URL {
  // A Request always has a valid URL, but an integration's lazy one (or a hand-made object) may
  // not: that is the request's fault, not the configuration's.
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw new BadRequest("The request URL cannot be parsed.");
  }
  if (config.url) return withOrigin(url, config.url.protocol, config.url.host);
  if (!config.trustHost) {
    throw new UntrustedHost(
      `Host ${url.host} is not trusted. Set AUTH_URL to the app's public URL, or AUTH_TRUST_HOST=true (or \`trustHost: true\`) when a proxy sets the Host header safely.`,
    );
  }
  const forwardedHost = firstValue(request.headers.get("x-forwarded-host"));
  const host = forwardedHost && HOST.test(forwardedHost) ? forwardedHost : url.host;
  const proto = firstValue(request.headers.get("x-forwarded-proto"))?.toLowerCase();
  return withOrigin(url, proto === "https" || proto === "http" ? `${proto}:` : url.protocol, host);
}

// Built anew rather than by setting url.host: that setter keeps the old port when the new host has none.
function withOrigin(url: URL, protocol: string, host: string): URL {
  if (url.protocol === protocol && url.host === host) return url;
  return new URL(`${protocol}//${host}${url.pathname}${url.search}`);
}

function firstValue(header: string | null): string | undefined {
  return header?.split(",")[0]?.trim() || undefined;
}
