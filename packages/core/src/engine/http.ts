/**
 * The engine's HTTP face: one request through the pipeline.
 * parse -> route -> action -> AuthResult, with the one error table for whatever goes wrong.
 */
import { actions } from "../actions";
import type { InternalConfig } from "../config/normalize";
import type { ActionContext, AuthRequest, AuthResult } from "../context";
import {
  asAuthError,
  badRequestResult,
  configurationErrorResult,
  isConfigurationError,
  runtimeErrorResult,
} from "../http/errors";
import { publicUrl } from "../http/origin";
import { BadRequest, OutsideBasePath, parseRequest } from "../http/request";
import { createContext } from "./context";

/** An action's answer, and whether the client asked for redirects as JSON (`X-Auth-Return-Redirect`). */
export interface Outcome {
  result: AuthResult;
  returnRedirect: boolean;
}

/**
 * Answers one request under `basePath`. Never throws: bad input gets a 400 (413 for a body too
 * large), configuration problems a 500 with the details in the log, runtime errors a redirect to
 * the error or sign-in page.
 *
 * @param request The Web Request.
 * @param config The normalised configuration.
 * @param basePath Where the routes are served.
 * @param csrfOrigin The origin whose POSTs pass the CSRF check by their Origin header (see `Mount`).
 * @returns The answer as data.
 * @example
 * ```ts
 * const { result } = await answerRequest(request, config, "/auth")
 * ```
 */
export async function answerRequest(
  request: Request,
  config: InternalConfig,
  basePath: string,
  csrfOrigin?: string,
): Promise<Outcome> {
  const returnRedirect = request.headers.has("x-auth-return-redirect");
  let req: AuthRequest | undefined;
  let origin: string | undefined;
  // The host problem publicUrl found while the configuration has one of its own: logged after it.
  let hidden: unknown;
  try {
    let url: URL;
    try {
      url = publicUrl(request, config);
    } catch (error) {
      // A configuration that cannot work (no secret...) is more fundamental than where it is
      // served from: fixing the host first would only reveal it on the next deploy.
      if (!config.error) throw error;
      hidden = error;
      throw config.error;
    }
    origin = url.origin;
    req = await parseRequest(request, url, basePath, (name) =>
      config.logger.debug(
        `Ignoring the cookie "${name}": the request carries it more than once with different values (one may be planted by a sibling subdomain).`,
      ),
    );
    if (config.error) throw config.error;
    const ctx = createContext(req, config, url, basePath, "http", csrfOrigin);
    if (req.method === "GET" && req.action !== "providers") await primeCookies(req, ctx);
    let result: AuthResult;
    try {
      result = await actions[req.action](req, ctx);
    } catch (error) {
      if (isConfigurationError(error)) throw error;
      return { result: runtimeErrorResult(error, ctx, req.body?.email), returnRedirect };
    }
    result.cookies = ctx.contextCookies.concat(result.cookies ?? []);
    return { result, returnRedirect };
  } catch (error) {
    if (error instanceof BadRequest) {
      config.logger.debug(`Bad request: ${error.message}`);
      if (error instanceof OutsideBasePath) config.warn("request-outside-base-path");
      return { result: badRequestResult(error.status, request, config, origin), returnRedirect: false };
    }
    const result = configurationErrorResult(asAuthError(error), config, basePath, req, origin);
    if (hidden instanceof Error && !(hidden instanceof BadRequest)) config.logger.error(asAuthError(hidden));
    return { result, returnRedirect: false };
  }
}

/** Every GET but `providers` sets the CSRF cookie when it is missing, and the callback-url cookie on a first visit. */
async function primeCookies(req: AuthRequest, ctx: ActionContext): Promise<void> {
  if (!ctx.config.skipCSRFCheck && !req.cookies.has(ctx.cookies.csrfToken.name)) await ctx.csrfToken();
  if (req.query.callbackUrl !== undefined || !req.cookies.has(ctx.cookies.callbackUrl.name))
    await ctx.callbackUrl();
}
