/** Builds the URL of an action for integrations that need one outside a request to the core. */
import { declaredTrust, type EnvObject, envUrl, isProduction } from "./config/env";
import { firstValue, HOST, hostTrust, isLoopback, publicProtocol, untrustedHost } from "./http/origin";

/**
 * The absolute URL of an action, by the rule the routes follow (see the core README's trust
 * rules): `AUTH_URL` when set; else, under declared trust (`config.trustHost`, else
 * `AUTH_TRUST_HOST` or the platform), X-Forwarded-Host and X-Forwarded-Proto (`http` or `https`
 * only), else Host; else, outside production, the Host header when it names a loopback host.
 * A header nobody vouched for never names the origin: an integration that mails or redirects to
 * this URL must not build it on a Host the client wrote.
 *
 * @param action e.g. `"session"` or `"signin/github"`.
 * @param protocol The request's protocol (`"http"` or `"https"`, with or without a colon), used
 * when no trusted header says; default `https`.
 * @param headers The request headers.
 * @param envObject The environment (for `AUTH_URL`, `AUTH_TRUST_HOST` and `NODE_ENV`).
 * @param config `basePath` of the configuration (default `/auth`) and its `trustHost`.
 * @throws {UntrustedHost} When nothing declares the origin and the Host is not a loopback host
 * (in production, whatever the host).
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
    const trust = hostTrust(config.trustHost ?? declaredTrust(envObject), isProduction(envObject));
    const requestProtocol = `${(protocol ?? "https").replace(/:$/, "")}:`;
    const proxied = trust === "proxy";
    const host =
      (proxied ? firstValue(headers.get("x-forwarded-host")) : undefined) ?? headers.get("host") ?? "";
    if (!HOST.test(host) || !URL.canParse(`http://${host}`)) {
      throw new TypeError(`Cannot build an action URL on the host "${host}".`);
    }
    const proto = publicProtocol(requestProtocol, proxied ? headers.get("x-forwarded-proto") : null, {
      hostTrust: trust,
    });
    base = new URL(`${proto}//${host}${config.basePath ?? "/auth"}`);
    if (trust === "none") throw untrustedHost(base.host, trust);
    if (trust === "loopback" && !isLoopback(base.hostname)) throw untrustedHost(base.host, trust);
  }
  const path = base.pathname.replace(/\/+$/, "");
  return new URL(`${path}/${action}`, base);
}
