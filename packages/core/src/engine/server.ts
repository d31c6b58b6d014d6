/**
 * The engine's server face: what the app's own server code asks for (the session, sign-in,
 * sign-out, a session update), answered as data plus structured cookies. No Request is parsed and
 * no Response built: the call is turned straight into the parsed request the flows read. Server
 * code cannot be reached by a cross-site form, so these calls need no CSRF token; they also skip
 * what only a browser visit needs (the CSRF and callback-url cookies of a GET).
 */
import { endSession } from "../actions/signout";
import type { InternalConfig } from "../config/normalize";
import type { ActionContext, AuthAction, AuthRequest, AuthResult } from "../context";
import { AuthError, InvalidRequest } from "../errors";
import { flowOf } from "../flows";
import { parseCookies, type SetCookie } from "../http/cookies";
import { asAuthError, isConfigurationError, logFailure, runtimeErrorResult } from "../http/errors";
import { lazyRequest } from "../http/lazy-request";
import { HOST, isLoopback, publicUrl } from "../http/origin";
import { BadRequest } from "../http/request";
import { sessionStrategy } from "../session";
import type { Session } from "../types";
import { createContext } from "./context";

/**
 * Who the app's server code is serving: what it already has of the request it is handling.
 *
 * @example
 * ```ts
 * const call: ServerCall = { headers: request.headers }
 * ```
 */
export interface ServerCall {
  /**
   * The headers of the request being served. The engine reads its Cookie header (unless
   * `cookies` is given), its Host, and the X-Forwarded-* headers the trust rules allow.
   */
  headers?: HeadersInit;
  /** The request's cookies as the framework parsed them; used instead of the Cookie header. */
  cookies?: Iterable<readonly [string, string]> | Readonly<Record<string, string>>;
  /**
   * The origin the request was made to (`https://app.example`), as the framework resolved it.
   * Default: the Host header, over `https` (`http` for a loopback host such as `localhost`), which
   * a trusted proxy's X-Forwarded-Proto overrides. `AUTH_URL`, when set, wins either way.
   */
  origin?: string;
  /** Where the auth routes are mounted, when the configuration sets no `basePath`. */
  basePath?: string;
}

/** A session read from server code. */
export interface ServerSessionRead extends ServerCall {
  /**
   * Whether the read may extend a database session whose `updateAge` has passed (default true).
   * Pass false where the answered cookies cannot be set (a Next.js server component): the row
   * would then outlive the browser's cookie, which keeps its old expiry.
   */
  extend?: boolean;
}

/** A cookie for the framework to set on its response, with its attributes; the value is not encoded. */
export type ResponseCookie = SetCookie;

/** The session of a call, and the cookies that keep it alive (or clear it). */
export interface SessionResult {
  session: Session | null;
  cookies: ResponseCookie[];
}

/** Where to send the browser next, and the cookies to set on that answer. */
export interface RedirectResult {
  redirect: string;
  cookies: ResponseCookie[];
}

/** Options of a server-side sign-in. */
export interface ServerSignIn extends ServerCall {
  /** The provider's form fields (credentials, an email address...). */
  fields?: Readonly<Record<string, string>>;
  /** Where to go afterwards; checked by the `redirect` callback like a browser's callbackUrl. */
  callbackUrl?: string;
  /** Extra parameters of the OAuth authorization request. */
  authorizationParams?: Readonly<Record<string, string>>;
  /**
   * Answer a sign-in failure as the HTTP routes do, with a redirect to the sign-in or error page
   * (`?error=CredentialsSignin&code=...`), instead of throwing it: for form actions that must
   * end in a redirect. A broken configuration still throws. Default false.
   */
  redirectOnError?: boolean;
}

/** Options of a server-side sign-out. */
export interface ServerSignOut extends ServerCall {
  /** Where to go afterwards; checked by the `redirect` callback. */
  callbackUrl?: string;
  /**
   * Also end the identity provider's session (OpenID Connect RP-initiated logout): the redirect is
   * then the provider's end-session endpoint, which sends the browser on to `callbackUrl`.
   * Default: the `logout.federated` option of the provider the session was signed in with.
   */
  federated?: boolean;
}

interface Prepared {
  req: AuthRequest;
  ctx: ActionContext;
}

/** What a call asks of the flows, besides who is asking. */
interface Step {
  action: AuthAction;
  providerId?: string;
  body?: Record<string, unknown>;
  query?: Record<string, string>;
}

/**
 * The parsed request a server-side call stands for, and its context.
 *
 * @throws InvalidRequest when the call has no usable origin or the trust rules refuse its host.
 * @throws The configuration's error, when it has one.
 */
function prepare(config: InternalConfig, basePath: string, call: ServerCall, step: Step): Prepared {
  // Copied only when it is not a Headers already (an integration's request headers usually are).
  const headers = call.headers instanceof Headers ? call.headers : new Headers(call.headers);
  // With AUTH_URL the origin is fixed and no header counts, so a call without a Host (a test
  // mocking Next's headers(), a runtime that drops it) is served on that origin.
  const origin = originOf(call.origin ?? hostOrigin(headers.get("host")) ?? config.url?.origin);
  if (origin === undefined)
    throw new InvalidRequest(
      "The server-side call has no origin: pass `origin` (e.g. https://app.example) or the request's headers with a plain host[:port] Host, or set AUTH_URL.",
    );
  const query = step.query ?? {};
  const search = new URLSearchParams(query).toString();
  const path = `${basePath}/${step.action}${step.providerId === undefined ? "" : `/${encodeURIComponent(step.providerId)}`}`;
  const method = step.body === undefined ? "GET" : "POST";
  const request = lazyRequest({
    url: `${origin}${path}${search && `?${search}`}`,
    method,
    headers: () => headers,
  });
  let url: URL;
  try {
    url = publicUrl(request, config);
  } catch (error) {
    if (error instanceof BadRequest) throw new InvalidRequest(error.message);
    throw error;
  }
  if (config.error) throw config.error;
  const cookies =
    call.cookies === undefined
      ? parseCookies(headers.get("cookie"))
      : new Map(Symbol.iterator in call.cookies ? call.cookies : Object.entries(call.cookies));
  const req: AuthRequest = {
    request,
    method,
    action: step.action,
    providerId: step.providerId,
    url,
    query,
    body: step.body,
    cookies,
  };
  return { req, ctx: createContext(req, config, url, basePath, "server") };
}

/**
 * The origin a Host header stands for when the call names none. Nothing tells a server-side call
 * its scheme (an app that terminates TLS itself sends no X-Forwarded-Proto), and guessing http for
 * an https app would read and write the unprefixed session cookie, which a sibling subdomain can
 * plant. So a public host is taken as https, as Auth.js does; a loopback one (local development)
 * as http. Canonical form, so `host:443` is `https://host`.
 */
function hostOrigin(host: string | null): string | undefined {
  if (host === null || !HOST.test(host) || !URL.canParse(`http://${host}`)) return undefined;
  const scheme = isLoopback(new URL(`http://${host}`).hostname) ? "http" : "https";
  return new URL(`${scheme}://${host}`).origin;
}

/** An http(s) origin in canonical form (`https://app.example`, no slash), or undefined for anything else. */
function originOf(value: string | undefined): string | undefined {
  if (value === undefined || !URL.canParse(value)) return undefined;
  const url = new URL(value);
  const plain =
    (url.protocol === "http:" || url.protocol === "https:") && url.origin === value.replace(/\/$/, "");
  return plain ? url.origin : undefined;
}

/**
 * The session of the call's request, and its refreshed cookie. Fails closed: a call without a
 * usable origin, a configuration error or a failing callback is no session (logged), never a throw.
 *
 * @param config The normalised configuration.
 * @param basePath Where the routes are served.
 * @param call The request being served, and whether the read may extend the session.
 * @returns The session (or null) and the cookies to set.
 */
export async function readSession(
  config: InternalConfig,
  basePath: string,
  call: ServerSessionRead,
): Promise<SessionResult> {
  try {
    const { req, ctx } = prepare(config, basePath, call, { action: "session" });
    const { session, cookies } = await sessionStrategy(config).read(req, ctx, { extend: call.extend });
    return { session, cookies };
  } catch (error) {
    config.logger.error(asAuthError(error));
    return { session: null, cookies: [] };
  }
}

/**
 * Applies `data` to the session, through the `jwt` callback (trigger `update`) or the database
 * strategy. Fails closed like {@link readSession}: without a session the answer is null.
 *
 * @param config The normalised configuration.
 * @param basePath Where the routes are served.
 * @param data What the app wants in the session.
 * @param call The request being served.
 * @returns The updated session (or null) and the cookies to set.
 */
export async function updateSession(
  config: InternalConfig,
  basePath: string,
  data: unknown,
  call: ServerCall,
): Promise<SessionResult> {
  try {
    const { req, ctx } = prepare(config, basePath, call, { action: "session", body: { data } });
    const { session, cookies } = await sessionStrategy(config).update(req, ctx, data);
    return { session, cookies };
  } catch (error) {
    config.logger.error(asAuthError(error));
    return { session: null, cookies: [] };
  }
}

/**
 * Starts a sign-in with a provider: a credentials check, an OAuth redirect, an email link. Without
 * a provider, or with an id no provider has, the answer is the sign-in page.
 *
 * @param config The normalised configuration.
 * @param basePath Where the routes are served.
 * @param providerId The provider's id.
 * @param options The request being served and the sign-in's fields.
 * @returns Where to send the browser, and the cookies to set.
 * @throws The AuthError the flow raised (CredentialsSignin with its `code`, AccessDenied...), as
 * raised, with its cause; logged first, as the HTTP routes log it.
 */
export async function signIn(
  config: InternalConfig,
  basePath: string,
  providerId: string | undefined,
  options: ServerSignIn,
): Promise<RedirectResult> {
  const { fields, callbackUrl, authorizationParams, redirectOnError, ...call } = options;
  const provider = providerId === undefined ? undefined : config.providerById.get(providerId);
  if (provider === undefined) {
    const { ctx } = prepare(config, basePath, call, { action: "signin" });
    const page = new URL(`${ctx.actionUrl}/signin`);
    if (callbackUrl !== undefined) page.searchParams.set("callbackUrl", callbackUrl);
    return { redirect: page.href, cookies: [] };
  }
  const body: Record<string, unknown> = { ...fields };
  if (callbackUrl !== undefined) body.callbackUrl = callbackUrl;
  const credentials = provider.type === "credentials";
  return redirecting(config, redirectOnError === true, () => {
    const prepared = prepare(config, basePath, call, {
      action: credentials ? "callback" : "signin",
      providerId,
      body,
      query: authorizationParams === undefined ? undefined : { ...authorizationParams },
    });
    const flow = flowOf(provider);
    const result = credentials
      ? flow.callback(prepared.req, prepared.ctx)
      : flow.signIn(prepared.req, prepared.ctx);
    return { prepared, result };
  });
}

/**
 * Ends the call's session (the database row, when there is one) and answers where to go next.
 *
 * @param config The normalised configuration.
 * @param basePath Where the routes are served.
 * @param options The request being served and where to go afterwards.
 * @returns Where to send the browser, and the cookies that clear the session.
 * @throws What the `redirect` callback or the configuration raises; logged first.
 */
export async function signOut(
  config: InternalConfig,
  basePath: string,
  options: ServerSignOut,
): Promise<RedirectResult> {
  const { callbackUrl, federated, ...call } = options;
  return redirecting(config, false, () => {
    const body = callbackUrl === undefined ? {} : { callbackUrl };
    const prepared = prepare(config, basePath, call, { action: "signout", body });
    return { prepared, result: endSession(prepared.req, prepared.ctx, federated) };
  });
}

/**
 * Runs a step that ends in a redirect. Errors are logged and thrown as AuthErrors, cause kept; with
 * `errorPages`, a runtime error becomes the redirect the HTTP routes would answer with instead.
 */
async function redirecting(
  config: InternalConfig,
  errorPages: boolean,
  run: () => { prepared: Prepared; result: Promise<AuthResult> },
): Promise<RedirectResult> {
  let prepared: Prepared | undefined;
  try {
    const step = run();
    prepared = step.prepared;
    const { redirect, cookies = [] } = await step.result;
    if (redirect === undefined)
      throw new AuthError("This provider cannot sign in from server code: its sign-in runs in the browser.");
    return { redirect, cookies: prepared.ctx.contextCookies.concat(cookies) };
  } catch (error) {
    if (errorPages && prepared !== undefined && !isConfigurationError(error)) {
      const { redirect } = runtimeErrorResult(error, prepared.ctx);
      return { redirect: redirect!, cookies: [] };
    }
    const authError = asAuthError(error);
    // A visitor's refusal (wrong password, a signIn callback saying no) is a warning, as on the routes.
    logFailure(config.logger, authError);
    throw authError;
  }
}

/** What a server-side revocation did: how many sessions ended, and the cookies to set. */
export interface RevokeResult {
  revoked: number;
  cookies: ResponseCookie[];
}

/** What signing out everywhere did, and where to send the browser next. */
export interface SignOutEverywhereResult extends RevokeResult {
  redirect: string;
}

/**
 * Runs a session-control operation for the call's signed-in user.
 *
 * @returns What the operation answers; null when the call is signed out.
 * @throws UnsupportedStrategy without a session store; InvalidRequest without an origin;
 * AdapterError when the store fails. Logged first.
 */
export async function controlSessions<T>(
  config: InternalConfig,
  basePath: string,
  call: ServerCall,
  operation: (req: AuthRequest, ctx: ActionContext) => Promise<T | null>,
  callbackUrl?: string,
): Promise<T | null> {
  try {
    const body = callbackUrl === undefined ? undefined : { callbackUrl };
    const { req, ctx } = prepare(config, basePath, call, { action: "sessions", body });
    return await operation(req, ctx);
  } catch (error) {
    const authError = asAuthError(error);
    // A visitor's refusal (wrong password, a signIn callback saying no) is a warning, as on the routes.
    logFailure(config.logger, authError);
    throw authError;
  }
}
