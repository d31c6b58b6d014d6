/**
 * The engine for the request being served, and where Next.js apps mount the routes. Everything
 * else of this package is the Next.js side of one engine call.
 */
import { type AuthEngine, createAuth, type ServerCall } from "@portcullis/core";
import { type NextAuthConfigInput, resolveConfig } from "./config";
import { requestCookies, requestHeaders } from "./request-scope";

/**
 * Where the route handlers answer when neither the configuration nor `AUTH_URL` names a path:
 * `/api/auth`, as in next-auth (`app/api/auth/[...nextauth]/route.ts`). Every other integration
 * defaults to `/auth`.
 */
export const NEXT_MOUNT = { basePath: "/api/auth" } as const;

/**
 * The engine of the configuration for a request: the configuration object's own engine, or the
 * engine of what a configuration function answers for the request (memoised per object, so a
 * function answering the same object keeps one engine).
 *
 * @param input The configuration, or a function of the request returning it.
 * @param request The request, or a stand-in for server code that has only headers.
 * @returns The engine.
 * @throws What the configuration function throws.
 */
export async function engineFor(input: NextAuthConfigInput, request: Request): Promise<AuthEngine> {
  return createAuth(await resolveConfig(input, request));
}

/**
 * A request standing for the caller of `auth()`, `signIn()`... in server code, which has only the
 * request's headers: what a configuration function is called with.
 *
 * @param headers The headers of the request being served.
 * @returns A GET of the session route on the caller's host (`localhost` when it has none usable).
 */
export function standIn(headers: Headers): Request {
  const host = headers.get("host");
  const origin = host !== null && URL.canParse(`http://${host}`) ? `http://${host}` : "http://localhost";
  return new Request(`${origin}${NEXT_MOUNT.basePath}/session`, { headers });
}

/** A server call for the request whose headers these are, at Next's default mount. */
export function callOf(headers: Headers): ServerCall {
  return { headers, ...NEXT_MOUNT };
}

/**
 * Sets an engine answer's cookies on the response of the route handler or server action being
 * run, through Next.js's cookie store (which encodes the value as the core's serializer does).
 *
 * @param cookies The engine's cookies.
 * @throws Next.js's error when called while rendering a server component (cookies are read-only there).
 */
export async function setCookies(
  cookies: Awaited<ReturnType<AuthEngine["session"]>>["cookies"],
): Promise<void> {
  if (cookies.length === 0) return;
  const store = await requestCookies();
  for (const { name, value, options } of cookies) store.set(name, value, options);
}

/**
 * The engine and server call of the request whose server action or route handler is running: what
 * every server-side helper of this package starts from.
 *
 * @param input The configuration, or a function of the request returning it.
 * @returns The engine, the call for its server face, and the request's headers.
 * @throws What the configuration function throws; Next.js's error outside a request scope.
 * @example
 * ```ts
 * const { engine, call } = await callerOf(config)
 * const sessions = await engine.listSessions(call)
 * ```
 */
export async function callerOf(
  input: NextAuthConfigInput,
): Promise<{ engine: AuthEngine; call: ServerCall; headers: Headers }> {
  const headers = await requestHeaders();
  return { engine: await engineFor(input, standIn(headers)), call: callOf(headers), headers };
}
