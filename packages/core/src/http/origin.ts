/**
 * Where the app is served: its origin and whether that is https. From `AUTH_URL` when set;
 * else from the request, trusting Host and X-Forwarded-* only when the host is trusted.
 */
import type { InternalConfig } from "../config/normalize";
import { UntrustedHost } from "../errors";

// A host is a name or address with an optional port; anything else in the header is refused.
const HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** The request's public URL (same path and query), resolved against AUTH_URL or trusted headers. */
export function publicUrl(request: Request, config: InternalConfig): URL {
  const url = new URL(request.url);
  if (config.url) {
    url.protocol = config.url.protocol;
    url.host = config.url.host;
    return url;
  }
  if (!config.trustHost) {
    throw new UntrustedHost(
      `Host ${url.host} is not trusted. Set AUTH_URL to the app's public URL, or AUTH_TRUST_HOST=true (or \`trustHost: true\`) when a proxy sets the Host header safely.`,
    );
  }
  const host = firstValue(request.headers.get("x-forwarded-host"));
  if (host && HOST.test(host)) url.host = host;
  const proto = firstValue(request.headers.get("x-forwarded-proto"))?.toLowerCase();
  if (proto === "https" || proto === "http") url.protocol = `${proto}:`;
  return url;
}

function firstValue(header: string | null): string | undefined {
  return header?.split(",")[0]?.trim() || undefined;
}
