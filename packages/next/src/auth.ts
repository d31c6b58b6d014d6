/**
 * `auth`: the session in server code, and the same function as middleware or a handler wrapper.
 */
import {
  type AuthEngine,
  type Awaitable,
  createAuth,
  type ServerSessionRead,
  type Session,
  type SessionResult,
  setCookieHeader,
} from "@portcullis/core";
import { headersFromNode } from "@portcullis/core/node";
import { type NextRequest, NextResponse } from "next/server";
import { type NextAuthConfig, type NextAuthConfigInput, resolveConfig } from "./config";
import { callOf, engineFor, standIn } from "./engine";
import { requestHeaders } from "./request-scope";

/** A request seen through `auth(handler)`: `auth` is its session, or null. */
export type NextAuthRequest = NextRequest & { auth: Session | null };

/**
 * A middleware (proxy) function or route handler wrapped by `auth`. Answering nothing lets a
 * middleware request continue (`NextResponse.next()`).
 */
export type NextAuthHandler<Context> = (
  request: NextAuthRequest,
  context: Context,
) => Awaitable<Response | undefined> | undefined | Promise<undefined>;

/**
 * A Pages Router request (`NextApiRequest`, or `context.req` in `getServerSideProps`): Node's
 * IncomingMessage, of which only the headers are read.
 */
export interface PagesRequest {
  headers: Record<string, string | string[] | undefined>;
}

/** A Pages Router response (`NextApiResponse`, or `context.res`): the refreshed cookie goes on it. */
export interface PagesResponse {
  getHeader(name: string): number | string | readonly string[] | undefined;
  setHeader(name: string, value: readonly string[]): unknown;
  readonly headersSent: boolean;
}

/**
 * The overloads of `auth`. App Router:
 * - `auth()`: the session in server components, route handlers and server actions.
 * - `auth(request)`: middleware itself (`export { auth as proxy }` or `export default auth`).
 * - `auth(handler)`: a middleware or route handler whose request carries `request.auth`.
 *
 * Pages Router:
 * - `auth(req, res)`: the session in an API route.
 * - `auth(context)`: the session in `getServerSideProps`.
 *
 * Both Pages Router forms put the refreshed session cookie on the response.
 */
export interface NextAuthAuth {
  (): Promise<Session | null>;
  (request: NextRequest, event?: unknown): Promise<Response>;
  <Context>(handler: NextAuthHandler<Context>): (request: NextRequest, context: Context) => Promise<Response>;
  (req: PagesRequest, res: PagesResponse): Promise<Session | null>;
  (context: { req: PagesRequest; res: PagesResponse }): Promise<Session | null>;
}

/**
 * Builds `auth` for a configuration.
 *
 * @param input The configuration, or a function of the request returning it.
 * @returns The overloaded `auth` function.
 */
export function createAuthFunction(input: NextAuthConfigInput): NextAuthAuth {
  function auth(): Promise<Session | null>;
  function auth(request: NextRequest, event?: unknown): Promise<Response>;
  function auth<Context>(
    handler: NextAuthHandler<Context>,
  ): (request: NextRequest, context: Context) => Promise<Response>;
  function auth(req: PagesRequest, res: PagesResponse): Promise<Session | null>;
  function auth(context: { req: PagesRequest; res: PagesResponse }): Promise<Session | null>;
  function auth<Context>(
    arg?: NextRequest | NextAuthHandler<Context> | PagesRequest | { req: PagesRequest; res: PagesResponse },
    second?: unknown,
  ):
    | Promise<Session | null>
    | Promise<Response>
    | ((request: NextRequest, context: Context) => Promise<Response>) {
    if (arg === undefined) return sessionOfCaller(input);
    if (typeof arg === "function") return (request, context) => guard(input, request, arg, context);
    if (arg instanceof Request) return guard(input, arg as NextRequest);
    if (second !== undefined)
      return sessionOfPagesRequest(input, arg as PagesRequest, second as PagesResponse);
    const context = arg as { req: PagesRequest; res: PagesResponse };
    return sessionOfPagesRequest(input, context.req, context.res);
  }
  return auth;
}

/**
 * The session of a caller, from its headers, with the cookies that keep it alive (`extend: false`:
 * none, and the session is not extended). Never throws.
 */
async function readCallerSession(
  input: NextAuthConfigInput,
  headers: Headers,
  read: Pick<ServerSessionRead, "extend"> = {},
): Promise<SessionResult> {
  try {
    return await (await engineFor(input, standIn(headers))).session({ ...callOf(headers), ...read });
  } catch {
    // A throwing configuration function: no session, as for any other failure.
    return { session: null, cookies: [] };
  }
}

/**
 * `auth()` in server components, route handlers and actions. It never extends the session: a
 * server component cannot set the re-issued cookie, and a database row extended without it would
 * outlive the browser's cookie, which keeps its old expiry and signs the user out at `maxAge`.
 * The proxy, `auth(handler)` and the session route extend it and set the cookie.
 */
async function sessionOfCaller(input: NextAuthConfigInput): Promise<Session | null> {
  return (await readCallerSession(input, await requestHeaders(), { extend: false })).session;
}

/**
 * The session of a Pages Router request, read as `auth()` reads a server component's: from its
 * headers. The refreshed session cookie is added to the response's Set-Cookie headers, unless
 * they were sent already.
 */
async function sessionOfPagesRequest(
  input: NextAuthConfigInput,
  req: PagesRequest,
  res: PagesResponse,
): Promise<Session | null> {
  const { session, cookies } = await readCallerSession(input, headersFromNode(req.headers));
  if (cookies.length > 0 && !res.headersSent) {
    const earlier = res.getHeader("set-cookie");
    const kept = earlier === undefined ? [] : [earlier].flat().map(String);
    res.setHeader("set-cookie", [...kept, ...cookies.map(setCookieHeader)]);
  }
  return session;
}

/**
 * Middleware and wrapped handlers: reads the session, asks `callbacks.authorized`, then runs the
 * handler (or lets the request continue), and sends the refreshed session cookie along.
 */
async function guard<Context>(
  input: NextAuthConfigInput,
  request: NextRequest,
  handler?: NextAuthHandler<Context>,
  context?: Context,
): Promise<Response> {
  const config = await resolveConfig(input, request);
  const engine = createAuth(config);
  const call = callOf(request.headers);
  const { session, cookies } = await engine.session(call);
  let response: Response | undefined;
  const authorized = config.callbacks?.authorized;
  if (authorized) {
    const verdict = await authorized({ auth: session, request });
    if (verdict instanceof Response) response = verdict;
    // Anything but true (false, undefined) is a refusal: fail closed.
    else if (verdict !== true) response = await signInRedirect(engine, request, config);
  }
  if (!response && handler) {
    (request as NextAuthRequest).auth = session;
    response = (await handler(request as NextAuthRequest, context as Context)) ?? undefined;
  }
  return withCookies(response ?? NextResponse.next(), cookies.map(setCookieHeader));
}

/**
 * The sign-in page with `callbackUrl` back to the request (`nextUrl.href`, basePath and locale
 * included); `undefined` on that page itself. Both are on the app's public origin as the engine
 * works it out (AUTH_URL, else Host, and the X-Forwarded-* headers only under a declared
 * trustHost): Next.js's `nextUrl` may name another host.
 */
async function signInRedirect(
  engine: AuthEngine,
  request: NextRequest,
  config: NextAuthConfig,
): Promise<Response | undefined> {
  let builtIn: URL;
  try {
    builtIn = new URL((await engine.signIn(undefined, callOf(request.headers))).redirect);
  } catch {
    return Response.json("Bad request.", { status: 400 });
  }
  const page = signInPage(request, config.pages?.signIn, builtIn);
  // Redirecting the sign-in page to itself would loop.
  if (page === undefined) return undefined;
  page.searchParams.set("callbackUrl", onOrigin(request.nextUrl.href, builtIn.origin).href);
  return NextResponse.redirect(page, redirectStatus(request.method));
}

/**
 * Where a refused request signs in, or `undefined` when it is for that page. The built-in page's
 * URL comes from the engine with the routes' whole path; a custom `pages.signIn` given as a path
 * is a page of the app, under its basePath and locale as `nextUrl.clone()` formats them (trailing
 * slash included); one given as an absolute URL (a sign-in page on another host) is used as given,
 * as the core's own redirects do.
 */
function signInPage(request: NextRequest, custom: string | undefined, builtIn: URL): URL | undefined {
  if (custom === undefined)
    return samePath(builtIn.pathname, new URL(request.url).pathname)
      ? undefined
      : new URL(builtIn.pathname, builtIn.origin);
  const absolute = absoluteHttpUrl(custom);
  if (absolute !== undefined)
    // request.url's path is the whole one (basePath and locale), as an absolute page names it.
    return absolute.origin === builtIn.origin && samePath(absolute.pathname, new URL(request.url).pathname)
      ? undefined
      : absolute;
  const { pathname, search } = new URL(custom, builtIn.origin);
  // nextUrl.pathname is the app's path, without basePath and locale, as pages.signIn is.
  if (samePath(pathname, request.nextUrl.pathname)) return undefined;
  const page = request.nextUrl.clone();
  page.pathname = pathname;
  page.search = search;
  return onOrigin(page.href, builtIn.origin);
}

/** `page` as a URL when it is an absolute http(s) URL; `undefined` for a path (`/login`). */
function absoluteHttpUrl(page: string): URL | undefined {
  if (!URL.canParse(page)) return undefined;
  const url = new URL(page);
  return url.protocol === "https:" || url.protocol === "http:" ? url : undefined;
}

/**
 * Whether two paths name the same page. Under `trailingSlash: true` Next.js answers `/login` with
 * a redirect to `/login/` before the proxy runs, so the proxy sees the slashed form only.
 */
function samePath(a: string, b: string): boolean {
  return a.replace(/\/+$/, "") === b.replace(/\/+$/, "");
}

/** The path and query of `href` on `origin`; a path starting `//` stays a path. */
function onOrigin(href: string, origin: string): URL {
  const { pathname, search } = new URL(href);
  return new URL(`${origin}${pathname}${search}`);
}

/**
 * 307 for a GET or HEAD, which the browser repeats as it was; 303 for anything else, so that the
 * browser fetches the sign-in page with a GET instead of posting the refused form (a new
 * password...) to it again.
 */
function redirectStatus(method: string): 303 | 307 {
  return method === "GET" || method === "HEAD" ? 307 : 303;
}

/** The response with the cookies appended; copied first when its headers are immutable. */
function withCookies(response: Response, cookies: string[]): Response {
  if (cookies.length === 0) return response;
  let target = response;
  try {
    for (const cookie of cookies) target.headers.append("set-cookie", cookie);
  } catch {
    // Response.redirect() and fetch() answers have immutable headers.
    target = new Response(response.body, response);
    for (const cookie of cookies) target.headers.append("set-cookie", cookie);
  }
  return target;
}
