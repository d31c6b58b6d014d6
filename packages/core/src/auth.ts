/**
 * `Auth(request, config)`: the whole pipeline in one place.
 * parse -> resolve config (cached) -> route -> action -> AuthResult -> serialize.
 */
import { actions } from "./actions";
import { type InternalConfig, internalConfig } from "./config/normalize";
import type { ActionContext, AuthRequest, AuthResult } from "./context";
import { resolveCallbackUrl } from "./http/callback-url";
import type { SetCookie } from "./http/cookies";
import { bodyTokenMatches, createCsrfToken, tokenFromCookie } from "./http/csrf";
import {
  asAuthError,
  configurationErrorResult,
  isConfigurationError,
  runtimeErrorResult,
} from "./http/errors";
import { publicUrl } from "./http/origin";
import { BadRequest, parseRequest } from "./http/request";
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

interface Outcome {
  result: AuthResult;
  returnRedirect: boolean;
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
 * @example
 * ```ts
 * import { Auth } from "@portcullis/core"
 * import Credentials from "@portcullis/core/providers/credentials"
 * const response = await Auth(request, { secret: "...", providers: [Credentials({ authorize: check })] })
 * ```
 */
export function Auth(request: Request, config: AuthConfig & { raw: typeof raw }): Promise<ResponseInternal>;
export function Auth(request: Request, config: AuthConfigInput): Promise<Response>;
export async function Auth(request: Request, config: AuthConfigInput): Promise<Response | ResponseInternal> {
  // Only an object can ask for raw: the overloads type the lazy form as returning a Response.
  const wantsRaw = typeof config !== "function" && (config as { raw?: unknown }).raw === raw;
  const { result, returnRedirect } = await outcome(request, config);
  if (!wantsRaw) return toResponse(result, returnRedirect);
  const { status, headers, body, redirect, cookies } = result;
  return { status, headers, body, redirect, cookies };
}

async function outcome(request: Request, config: AuthConfigInput): Promise<Outcome> {
  let internal: InternalConfig;
  try {
    internal = internalConfig(typeof config === "function" ? await config(request) : config);
  } catch (error) {
    console.error("[portcullis][error] Configuration:", error);
    return {
      result: { status: 500, body: { message: "There was a problem with the server configuration." } },
      returnRedirect: false,
    };
  }
  return handle(request, internal);
}

async function handle(request: Request, config: InternalConfig): Promise<Outcome> {
  const returnRedirect = request.headers.has("x-auth-return-redirect");
  let req: AuthRequest | undefined;
  let origin: string | undefined;
  try {
    const url = publicUrl(request, config);
    origin = url.origin;
    req = await parseRequest(request, url, config.basePath, (name) =>
      config.logger.debug(
        `Ignoring the cookie "${name}": the request carries it more than once with different values (one may be planted by a sibling subdomain).`,
      ),
    );
    if (config.error) throw config.error;
    const ctx = createContext(req, config, url);
    if (req.method === "GET" && req.action !== "providers") await primeCookies(req, ctx);
    let result: AuthResult;
    try {
      result = await actions[req.action](req, ctx);
    } catch (error) {
      if (isConfigurationError(error)) throw error;
      return { result: runtimeErrorResult(error, ctx), returnRedirect };
    }
    result.cookies = ctx.contextCookies.concat(result.cookies ?? []);
    return { result, returnRedirect };
  } catch (error) {
    if (error instanceof BadRequest) {
      config.logger.debug(`Bad request: ${error.message}`);
      return {
        result: { status: error.status, body: error.status === 413 ? "Payload too large." : "Bad request." },
        returnRedirect: false,
      };
    }
    return {
      result: configurationErrorResult(asAuthError(error), config, req, origin),
      returnRedirect: false,
    };
  }
}

/** Every GET but `providers` sets the CSRF cookie when it is missing, and the callback-url cookie on a first visit. */
async function primeCookies(req: AuthRequest, ctx: ActionContext): Promise<void> {
  if (!ctx.config.skipCSRFCheck && !req.cookies.has(ctx.cookies.csrfToken.name)) await ctx.csrfToken();
  if (req.query.callbackUrl !== undefined || !req.cookies.has(ctx.cookies.callbackUrl.name))
    await ctx.callbackUrl();
}

function createContext(req: AuthRequest, config: InternalConfig, url: URL): ActionContext {
  const secure = config.useSecureCookies ?? url.protocol === "https:";
  const cookies = secure ? config.cookies.secure : config.cookies.plain;
  const { joinedSecret } = config;
  let csrf: Promise<string> | undefined;
  let callbackUrl: Promise<string> | undefined;
  const ctx: ActionContext = {
    config,
    origin: url.origin,
    actionUrl: `${url.origin}${config.basePath}`,
    secure,
    cookies,
    provider: req.providerId === undefined ? undefined : config.providerById.get(req.providerId),
    now: config.now(),
    contextCookies: [],
    csrfToken: () => {
      csrf ??= (async () => {
        const existing = await tokenFromCookie(req.cookies.get(cookies.csrfToken.name), joinedSecret);
        if (existing) return existing;
        const created = await createCsrfToken(joinedSecret);
        ctx.contextCookies.push({
          name: cookies.csrfToken.name,
          value: created.cookie,
          options: cookies.csrfToken.options,
        });
        return created.token;
      })();
      return csrf;
    },
    csrfVerified: async () => {
      if (config.skipCSRFCheck) return true;
      if (req.method !== "POST") return false;
      const token = await tokenFromCookie(req.cookies.get(cookies.csrfToken.name), joinedSecret);
      return bodyTokenMatches(token, req.body?.csrfToken);
    },
    callbackUrl: () => {
      callbackUrl ??= resolveCallbackUrl(req, ctx);
      return callbackUrl;
    },
  };
  return ctx;
}
