/**
 * What server-side `signIn`, `signOut` and `unstable_update` share: a POST to the core on behalf
 * of the caller, whose cookies then go into Next.js's cookie store, and the errors of its answer.
 */
import { Auth, AuthError, withoutCsrfCheck } from "@portcullis/core";
import {
  AccessDenied,
  AccountNotLinked,
  CredentialsSignin,
  MissingCSRF,
  OAuthAccountNotLinked,
  OAuthCallbackError,
  RateLimited,
  Verification,
  WebAuthnVerificationError,
} from "@portcullis/core/errors";
import { type NextAuthConfig, type NextAuthConfigInput, resolveConfig } from "./config";
import { actionUrl, callerRequest, forwardedHeaders } from "./core-request";
import { requestHeaders } from "./request-scope";
import { copyCookies } from "./set-cookies";

/** The caller's headers and the configuration resolved for them. */
export interface Caller {
  headers: Headers;
  config: NextAuthConfig;
}

/**
 * The headers of the request being served and the configuration for it.
 *
 * @throws AuthError (`Configuration`) when the caller's host cannot form a URL.
 */
export async function currentCaller(input: NextAuthConfigInput): Promise<Caller> {
  const caller = await requestHeaders();
  const request = callerRequest(caller);
  if (!request) throw new AuthError("The request's Host header is not a plain host[:port].");
  return { headers: caller, config: await resolveConfig(input, request) };
}

/**
 * POSTs to an action with CSRF checks off (the core's `withoutCsrfCheck`: these calls come from the app's own server code) and the caller's cookies,
 * then sets the answer's cookies on the current response.
 *
 * @param caller The caller and its configuration.
 * @param url The action's URL.
 * @param body A form or a JSON string.
 * @returns The core's answer; redirects come as 200 JSON `{url}` (X-Auth-Return-Redirect).
 */
export async function postAction(
  caller: Caller,
  url: URL | string,
  body: URLSearchParams | string,
): Promise<Response> {
  const type = typeof body === "string" ? "application/json" : "application/x-www-form-urlencoded";
  const request = new Request(url, {
    method: "POST",
    headers: forwardedHeaders(caller.headers, { "Content-Type": type, "X-Auth-Return-Redirect": "1" }),
    body,
  });
  const response = await Auth(request, withoutCsrfCheck(caller.config));
  await copyCookies(response);
  return response;
}

/**
 * The URL a sign-in or sign-out answer redirects to. A redirect to the sign-in or error page with
 * `?error=<type>` is the core's answer to a failure: it is thrown instead.
 *
 * @param response An answer of {@link postAction}.
 * @param caller The caller and its configuration (for the pages' paths).
 * @returns The absolute URL.
 * @throws AuthError of the type in the URL (e.g. CredentialsSignin with its `code`); AuthError
 * (`Configuration`) when the core answered something else, e.g. a 500 for a broken configuration.
 */
export async function redirectUrl(response: Response, caller: Caller): Promise<string> {
  const body: unknown = response.status === 200 ? await response.json().catch(() => null) : null;
  const url = body !== null && typeof body === "object" ? (body as { url?: unknown }).url : undefined;
  if (typeof url !== "string") {
    throw new AuthError(`The auth action answered ${response.status}; see the server log.`);
  }
  const target = new URL(url);
  const error = target.searchParams.get("error");
  if (error !== null && errorPages(caller).includes(target.pathname)) throw errorOfType(error, target);
  return url;
}

function errorPages({ headers, config }: Caller): string[] {
  const page = (action: string, custom: string | undefined) =>
    custom === undefined ? actionUrl(action, headers, config).pathname : new URL(custom, "http://x").pathname;
  return [page("signin", config.pages?.signIn), page("error", config.pages?.error)];
}

// The types the core shows in a URL (its client-safe list); anything else arrives as `Configuration`.
const ERRORS = {
  AccessDenied,
  AccountNotLinked,
  CredentialsSignin,
  MissingCSRF,
  OAuthAccountNotLinked,
  OAuthCallbackError,
  RateLimited,
  Verification,
  WebAuthnVerificationError,
} as const;

function errorOfType(type: string, url: URL): AuthError {
  const message = `Sign-in failed: ${type}.`;
  if (type === "CredentialsSignin") {
    const error = new CredentialsSignin(message);
    error.code = url.searchParams.get("code") ?? error.code;
    return error;
  }
  const known = Object.hasOwn(ERRORS, type) ? ERRORS[type as keyof typeof ERRORS] : undefined;
  return known ? new known(message) : new AuthError(message);
}
