/**
 * `Auth(request, config)`: the engine's HTTP face as one function, as Auth.js apps call it. The
 * engine (see engine/index.ts) is made once per configuration object.
 */
import { internalConfig } from "./config/normalize";
import { configurationFailure, type Mount, outcome } from "./engine";
import type { SetCookie } from "./http/cookies";
import { toResponse } from "./http/response";
import { raw } from "./symbols";
import type { AuthConfig, Awaitable } from "./types";

/** A configuration, or a function of the request returning one (lazy initialisation). */
export type AuthConfigInput = AuthConfig | ((request: Request) => Awaitable<AuthConfig>);

/**
 * What `Auth` returns with `raw` set: the answer before it becomes a `Response`, with Auth.js's
 * field names. `redirect` is the absolute URL to send the browser to (the response is then a 302,
 * whatever `X-Auth-Return-Redirect` says); `cookies` are the cookies to set, with their attributes.
 *
 * @example
 * ```ts
 * const { redirect, cookies } = await Auth(request, { ...config, raw })
 * ```
 */
export interface ResponseInternal {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  redirect?: string;
  cookies?: SetCookie[];
}

/**
 * Answers one auth request: every action of WIRE.md's table under `config.basePath`
 * (default `/auth`). Never throws: bad input gets a 400, configuration problems a 500 with the
 * details in the log, runtime errors a redirect to the error or sign-in page. With `raw` set on a
 * configuration object (`{ ...config, raw }`), it returns the same answer as a
 * {@link ResponseInternal} instead of a `Response`, as Auth.js does.
 *
 * @param request A Web Request.
 * @param config The configuration, or a function of the request returning it.
 * @param mount Where an integration mounted the routes (e.g. Express's mount path); the
 * configuration's own `basePath`, or the path of `AUTH_URL`, wins over it. Default `/auth`.
 * @example
 * ```ts
 * import { Auth } from "@portcullis/core"
 * import Credentials from "@portcullis/core/providers/credentials"
 * const response = await Auth(request, { secret: "...", providers: [Credentials({ authorize: check })] })
 * ```
 */
export function Auth(
  request: Request,
  config: AuthConfig & { raw: typeof raw },
  mount?: Mount,
): Promise<ResponseInternal>;
export function Auth(request: Request, config: AuthConfigInput, mount?: Mount): Promise<Response>;
export async function Auth(
  request: Request,
  config: AuthConfigInput,
  mount?: Mount,
): Promise<Response | ResponseInternal> {
  // Only an object can ask for raw: the overloads type the lazy form as returning a Response.
  const wantsRaw = typeof config !== "function" && (config as { raw?: unknown }).raw === raw;
  let resolved: AuthConfig;
  try {
    resolved = typeof config === "function" ? await config(request) : config;
  } catch (error) {
    return configurationFailure(error);
  }
  const { result, returnRedirect } = await outcome(() => internalConfig(resolved), request, mount);
  if (!wantsRaw) return toResponse(result, returnRedirect);
  const { status, headers, body, redirect, cookies } = result;
  return { status, headers, body, redirect, cookies };
}
