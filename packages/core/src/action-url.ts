/** Builds the URL of an action for integrations that need one outside a request to the core. */
import { type EnvObject, envUrl } from "./config/env";

/**
 * The absolute URL of an action: from `AUTH_URL` when set, else from the request's
 * X-Forwarded-Host/Host and X-Forwarded-Proto headers.
 *
 * @param action e.g. `"session"` or `"signin/github"`.
 * @param protocol The request's protocol (`"http"` or `"https"`), used when no header says.
 * @param headers The request headers.
 * @param envObject The environment (for `AUTH_URL`).
 * @param config `basePath` of the configuration (default `/auth`).
 * @example
 * ```ts
 * const url = createActionURL("session", "https", request.headers, process.env, { basePath: "/auth" })
 * ```
 */
export function createActionURL(
  action: string,
  protocol: string,
  headers: Headers,
  envObject: EnvObject,
  config: { basePath?: string },
): URL {
  const fromEnv = envUrl(envObject);
  let base: URL;
  if (fromEnv) {
    base = new URL(fromEnv);
    if (config.basePath && !base.pathname.replace(/\/+$/, "").endsWith(config.basePath))
      base.pathname = config.basePath;
  } else {
    const host = headers.get("x-forwarded-host")?.split(",")[0]?.trim() ?? headers.get("host");
    const proto = headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? protocol;
    base = new URL(`${proto.replace(/:$/, "")}://${host}${config.basePath ?? "/auth"}`);
  }
  const path = base.pathname.replace(/\/+$/, "");
  return new URL(`${path}/${action}`, base);
}
