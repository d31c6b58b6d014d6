/** Builds the URL of an action for integrations that need one outside a request to the core. */
import { declaredTrust, type EnvObject, envUrl } from "./config/env";
import { firstValue, HOST } from "./http/origin";

/**
 * The absolute URL of an action: from `AUTH_URL` when set, else from the request's Host header,
 * or its X-Forwarded-Host and X-Forwarded-Proto when the host is declared trustworthy
 * (`config.trustHost`, else `AUTH_TRUST_HOST` or the platform; see the core README's trust
 * rules). A forwarded header nobody vouched for never names the origin.
 *
 * @param action e.g. `"session"` or `"signin/github"`.
 * @param protocol The request's protocol (`"http"` or `"https"`, with or without a colon), used
 * when no trusted header says; default `https`.
 * @param headers The request headers.
 * @param envObject The environment (for `AUTH_URL` and `AUTH_TRUST_HOST`).
 * @param config `basePath` of the configuration (default `/auth`) and its `trustHost`.
 * @throws {TypeError} When the host cannot form a URL.
 * @example
 * ```ts
 * const url = createActionURL("session", "https", request.headers, process.env, { basePath: "/auth" })
 * ```
 */
export function createActionURL(
  action: string,
  protocol: string | undefined,
  headers: Headers,
  envObject: EnvObject,
  config: { basePath?: string; trustHost?: boolean },
): URL {
  const fromEnv = envUrl(envObject);
  let base: URL;
  if (fromEnv) {
    base = new URL(fromEnv);
    if (config.basePath && !base.pathname.replace(/\/+$/, "").endsWith(config.basePath))
      base.pathname = config.basePath;
  } else {
    const trusted = (config.trustHost ?? declaredTrust(envObject)) === true;
    const forwarded = (name: string) => (trusted ? firstValue(headers.get(name)) : undefined);
    const host = forwarded("x-forwarded-host") ?? headers.get("host") ?? "";
    const proto = forwarded("x-forwarded-proto") ?? protocol ?? "https";
    if (!HOST.test(host)) throw new TypeError(`Cannot build an action URL on the host "${host}".`);
    base = new URL(`${proto.replace(/:$/, "")}://${host}${config.basePath ?? "/auth"}`);
  }
  const path = base.pathname.replace(/\/+$/, "");
  return new URL(`${path}/${action}`, base);
}
