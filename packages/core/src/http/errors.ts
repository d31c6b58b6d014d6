/**
 * The one table that maps errors to answers (WIRE.md "Errors"):
 * - configuration problems: 500 JSON with a generic message (or the error page on an HTML GET);
 * - runtime errors: a redirect to the sign-in or error page with `?error=<type>`, where only
 *   client-safe types are named and everything else is shown as `Configuration`.
 * Every error is logged in full; clients see only the type.
 */

import type { InternalConfig } from "../config/normalize";
import type { ActionContext, AuthRequest, AuthResult } from "../context";
import {
  AuthError,
  CallbackRouteError,
  CredentialsSignin,
  EmailSignin,
  ErrorPageLoop,
  InvalidCallbackUrl,
  isClientSafeError,
  MissingCSRF,
  RateLimitStoreUnavailable,
  SessionStoreUnavailable,
} from "../errors";
import { renderErrorPage, renderRequestErrorPage } from "../pages";
import { plausibleAddress } from "../pages/typed-address";
import type { LoggerInstance, WarningCode } from "../types";
import { html } from "./response";

const CONFIGURATION_MESSAGE =
  "There was a problem with the server configuration. Check the server logs for more information.";

const HTML_ACTIONS = new Set(["signin", "signout", "error", "verify-request"]);

/** Any thrown value as an AuthError (unknown errors become CallbackRouteError with the cause kept). */
export function asAuthError(error: unknown): AuthError {
  if (error instanceof AuthError) return error;
  return new CallbackRouteError(error instanceof Error ? error.message : "An unexpected error occurred.", {
    cause: error,
  });
}

/**
 * True for errors that mean the server is set up wrong (or cannot tell where it is served):
 * answered with 500 like a configuration problem, even when an action raised them, as Auth.js does.
 */
export function isConfigurationError(error: unknown): boolean {
  return (
    error instanceof InvalidCallbackUrl || (error instanceof AuthError && error.type === "UntrustedHost")
  );
}

/**
 * The answer to a configuration problem: 500 JSON, or for a page GET the custom error page
 * (`pages.error?error=Configuration`) or the built-in one. A custom error page that itself asks
 * for authentication would send the browser round in circles: when the request came back from it
 * (its callbackUrl points there), the built-in page is shown and {@link ErrorPageLoop} logged.
 */
export function configurationErrorResult(
  error: AuthError,
  config: Pick<InternalConfig, "logger" | "theme" | "pages">,
  basePath: string,
  req?: Pick<AuthRequest, "method" | "action" | "query"> & Partial<Pick<AuthRequest, "request">>,
  origin?: string,
): AuthResult {
  config.logger.error(error);
  if (req?.method === "GET" && HTML_ACTIONS.has(req.action)) {
    const custom = config.pages.error;
    const loop = custom !== undefined && req.query.callbackUrl?.startsWith(custom) === true;
    if (custom !== undefined && !loop && origin !== undefined) {
      const url = new URL(custom, origin);
      url.searchParams.set("error", "Configuration");
      return { redirect: url.href, refusal: "Configuration" };
    }
    if (loop)
      config.logger.error(new ErrorPageLoop(`The error page ${custom} should not require authentication.`));
    const page = renderErrorPage({
      error: "Configuration",
      signInUrl: `${origin ?? ""}${basePath}/signin`,
      homeUrl: origin ?? "/",
      theme: config.theme,
      acceptLanguage: req.request?.headers.get("accept-language"),
    });
    return html(page.html, 500);
  }
  return { status: 500, body: { message: CONFIGURATION_MESSAGE } };
}

/**
 * The warning code of a request the visitor's own input ended: a wrong password, an address the
 * server refuses, a `signIn` callback that returned false, a form without a valid CSRF token
 * (anyone can post one, so at error level they would bury what someone has to fix). These are
 * the app working as meant, so they are logged as warnings, and the error level is kept for what
 * someone has to fix. A `signIn` callback that threw (AccessDenied with a cause) is such a
 * thing, and stays an error.
 */
function visitorRefusal(error: AuthError): WarningCode | undefined {
  if (error instanceof CredentialsSignin) return "credentials-signin-failed";
  if (error instanceof MissingCSRF) return "csrf-token-missing";
  if (error instanceof EmailSignin) return "email-address-refused";
  if (error.type === "AccessDenied" && error.cause === undefined) return "access-denied";
  return undefined;
}

/**
 * Logs an error that ended a request: a visitor's refused sign-in as a warning code (with the
 * details at debug level), anything else in full at error level.
 *
 * @param logger - The configuration's logger.
 * @param error - The error, as an AuthError.
 * @example
 * ```ts
 * logFailure(config.logger, new CredentialsSignin()) // logger.warn("credentials-signin-failed")
 * ```
 */
export function logFailure(logger: LoggerInstance, error: AuthError): void {
  // A store outage was logged when it began; a line per refused sign-in would flood the log.
  if (error instanceof SessionStoreUnavailable || error instanceof RateLimitStoreUnavailable) {
    logger.debug(`${error.type}: ${error.message}`);
    return;
  }
  const code = visitorRefusal(error);
  if (code === undefined) {
    logger.error(error);
    return;
  }
  logger.warn(code);
  logger.debug(`${error.type}: ${error.message}`);
}

/**
 * The redirect for a runtime error, to the sign-in page or the error page. No cookies.
 * `typedEmail` is the `email` field of the form that failed: a sign-in error of a password or
 * passkey form sends a plausible address back in `email`, so the page shows the form filled in
 * again.
 */
export function runtimeErrorResult(error: unknown, ctx: ActionContext, typedEmail?: unknown): AuthResult {
  const authError = asAuthError(error);
  logFailure(ctx.config.logger, authError);
  const type = isClientSafeError(authError) ? authError.type : "Configuration";
  const { pages } = ctx.config;
  const { basePath } = ctx;
  const page =
    authError.kind === "signIn"
      ? (pages.signIn ?? `${basePath}/signin`)
      : (pages.error ?? `${basePath}/error`);
  const url = new URL(page, ctx.origin);
  url.searchParams.set("error", type);
  if (authError instanceof CredentialsSignin) url.searchParams.set("code", authError.code);
  // The sign-in page prefills its email field from `email`, so a typo can be fixed in place.
  if (authError instanceof EmailSignin && authError.email !== undefined)
    url.searchParams.set("email", authError.email);
  else if (authError.kind === "signIn" && ctx.provider?.type !== "email") {
    // A wrong password or too many tries: the address was fine, and typing it again is a chore.
    // The magic-link form's answers keep the exact shape they have always had.
    const kept = plausibleAddress(typedEmail);
    if (kept !== undefined) url.searchParams.set("email", kept);
  }
  return { redirect: url.href, refusal: type };
}

/**
 * Whether the client is a browser showing the answer to a person: it asks for HTML, or it posted
 * a form. The Auth.js clients post forms too, but they ask for redirects as JSON
 * (`X-Auth-Return-Redirect`) and read the body themselves, so they count as API clients.
 */
function isBrowserNavigation(request: Request): boolean {
  if (request.headers.has("x-auth-return-redirect")) return false;
  if (request.headers.get("accept")?.includes("text/html")) return true;
  if (request.method !== "POST") return false;
  const type = request.headers.get("content-type")?.toLowerCase() ?? "";
  return type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data");
}

/**
 * The answer to a request that could not be read (400) or whose body was too large (413): a page
 * in the error page's style for a browser (see {@link isBrowserNavigation}), the short JSON
 * strings `"Bad request."` / `"Payload too large."` for everything else. The status is kept.
 *
 * @param status - 400 or 413.
 * @param request - The request, for its Accept and Content-Type headers.
 * @param config - For the theme.
 * @param origin - The public origin when known, for the home link.
 * @returns The answer.
 * @example
 * ```ts
 * badRequestResult(413, request, config, "https://example.com").status // 413
 * ```
 */
export function badRequestResult(
  status: 400 | 413,
  request: Request,
  config: Pick<InternalConfig, "theme">,
  origin?: string,
): AuthResult {
  if (isBrowserNavigation(request)) {
    const page = renderRequestErrorPage({
      status,
      homeUrl: origin ?? "/",
      theme: config.theme,
      acceptLanguage: request.headers.get("accept-language"),
    });
    return html(page.html, page.status);
  }
  return { status, body: status === 413 ? "Payload too large." : "Bad request." };
}
