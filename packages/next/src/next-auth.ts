import { requestOrigin } from "@portcullis/core";
import type { NextRequest } from "next/server";
import { createGetAccessToken, type NextAuthGetAccessToken } from "./access-token";
import { createAuthFunction, type NextAuthAuth } from "./auth";
import type { NextAuthConfigInput } from "./config";
import { engineFor, NEXT_MOUNT } from "./engine";
import { createListSessions, type NextAuthListSessions } from "./list-sessions";
import {
  createRevokeOtherSessions,
  createRevokeSession,
  type NextAuthRevokeOtherSessions,
  type NextAuthRevokeSession,
} from "./revoke-session";
import { createRevokeSessions, type NextAuthRevokeSessions } from "./revoke-user-sessions";
import { createSignIn, type NextAuthSignIn } from "./sign-in";
import { createSignOut, type NextAuthSignOut } from "./sign-out";
import { createSignOutEverywhere, type NextAuthSignOutEverywhere } from "./sign-out-everywhere";
import { createUpdate, type NextAuthUpdate } from "./update";

/** A route handler of `app/api/auth/[...nextauth]/route.ts`. */
export type NextAuthRouteHandler = (request: NextRequest) => Promise<Response>;

/** What {@link NextAuth} answers. */
export interface NextAuthResult {
  /** `export const { GET, POST } = handlers` in `app/api/auth/[...nextauth]/route.ts`. */
  handlers: { GET: NextAuthRouteHandler; POST: NextAuthRouteHandler };
  /** The session in server code, or middleware / a handler wrapper; see {@link NextAuthAuth}. */
  auth: NextAuthAuth;
  /** Server-side sign-in, for server actions and route handlers. */
  signIn: NextAuthSignIn;
  /** Server-side sign-out, for server actions and route handlers. */
  signOut: NextAuthSignOut;
  /** Updates the session from a server action or route handler. Unstable by name, as in Auth.js. */
  unstable_update: NextAuthUpdate;
  /**
   * The signed-in user's live sessions, newest first (null when signed out). Needs a session
   * store: database sessions, or `session.store` with JWT sessions.
   */
  listSessions: NextAuthListSessions;
  /** Ends one of the signed-in user's sessions by its listed `id`; for server actions and route handlers. */
  revokeSession: NextAuthRevokeSession;
  /** Ends every session of the signed-in user but the current one. */
  revokeOtherSessions: NextAuthRevokeOtherSessions;
  /** Ends every session of the signed-in user and signs this browser out; options as `signOut`'s. */
  signOutEverywhere: NextAuthSignOutEverywhere;
  /** Ends every session of a user, for admin code; answers how many ended. */
  revokeSessions: NextAuthRevokeSessions;
  /**
   * A usable access token of an OAuth/OIDC provider for the signed-in user, refreshed when it
   * nears expiry; null when signed out or without tokens of that provider.
   */
  getAccessToken: NextAuthGetAccessToken;
}

/**
 * Portcullis for the Next.js App Router: the route handlers answering every auth action under
 * `basePath` (default: the path of `AUTH_URL`, else `/api/auth`, so the file is
 * `app/api/auth/[...nextauth]/route.ts` as in next-auth), `auth` for
 * server code and middleware, server-side `signIn`, `signOut` and `unstable_update`, and session
 * control (`listSessions`, `revokeSession`, `revokeOtherSessions`, `signOutEverywhere`,
 * `revokeSessions`). The
 * request goes to the core as the Web Request it is; behind a proxy, set `trustHost` (or
 * `AUTH_URL`) so X-Forwarded-Host/Proto are honoured.
 *
 * @param config The configuration, or a function of the request returning it (lazy
 * initialisation: it is called per request, so answer the same object each time to keep the
 * core's per-configuration cache).
 * @returns `{ handlers, auth, signIn, signOut, unstable_update }` and the session-control functions.
 * @throws Never itself. The route handlers never throw (configuration problems are a 500 from the
 * core); `signIn` and `signOut` throw AuthError on failure (see their docs).
 * @example
 * ```ts
 * // auth.ts
 * import NextAuth from "@portcullis/next"
 * import Credentials from "@portcullis/core/providers/credentials"
 * export const { handlers, auth, signIn, signOut } = NextAuth({ providers: [Credentials({ authorize })] })
 * // app/api/auth/[...nextauth]/route.ts
 * export const { GET, POST } = handlers
 * ```
 */
export function NextAuth(config: NextAuthConfigInput): NextAuthResult {
  const handler: NextAuthRouteHandler = async (request) =>
    plainHost(request.headers)
      ? (await engineFor(config, request)).handle(request, NEXT_MOUNT)
      : Response.json("Bad request.", { status: 400 });
  return {
    handlers: { GET: handler, POST: handler },
    auth: createAuthFunction(config),
    signIn: createSignIn(config),
    signOut: createSignOut(config),
    unstable_update: createUpdate(config),
    listSessions: createListSessions(config),
    revokeSession: createRevokeSession(config),
    revokeOtherSessions: createRevokeOtherSessions(config),
    signOutEverywhere: createSignOutEverywhere(config),
    revokeSessions: createRevokeSessions(config),
    getAccessToken: createGetAccessToken(config),
  };
}

/**
 * Whether the Host (and X-Forwarded-Host, when a proxy or Next.js set one) is a plain
 * `host[:port]`. Next.js builds the request URL from its own idea of the host, so the core would
 * not see a malformed header; such a request gets the core's 400 instead.
 */
function plainHost(headers: Headers): boolean {
  for (const name of ["host", "x-forwarded-host"]) {
    const value = headers.get(name);
    if (value !== null && requestOrigin("http", value.split(",")[0]?.trim()) === undefined) return false;
  }
  return true;
}
