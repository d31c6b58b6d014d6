/**
 * `createAuth(config)`: one engine per configuration. It normalises the configuration once and
 * owns everything worked out from it (keys, providers, discovery, rate-limit state, the adapter),
 * and shows two faces:
 *
 * ```
 *              ┌──────────────── engine (one per configuration) ────────────────┐
 *  Request ──▶ │ handle: parse ─▶ route ─▶ action ─┐                            │ ──▶ Response
 *              │                                   ├─▶ flows, session strategy  │
 *  server ───▶ │ session / signIn / signOut / ─────┘                            │ ──▶ data + cookies
 *  code        │ update                                                         │
 *              └────────────────────────────────────────────────────────────────┘
 * ```
 *
 * @module
 */
import { getAccessToken } from "../access-token/get-access-token";
import { type InternalConfig, internalConfig, normalizeBasePath } from "../config/normalize";
import { toResponse } from "../http/response";
import { listSessions, revokeSession, revokeSessionsOf, revokeUserSessions } from "../session/control";
import type { AccessTokenResult, AuthConfig, SessionInfo } from "../types";
import { answerRequest, type Outcome } from "./http";
import {
  controlSessions,
  type RedirectResult,
  type RevokeResult,
  readSession,
  type ServerCall,
  type ServerSessionRead,
  type ServerSignIn,
  type ServerSignOut,
  type SessionResult,
  type SignOutEverywhereResult,
  signIn,
  signOut,
  updateSession,
} from "./server";

/**
 * How an integration mounts the routes: where (the configuration's own `basePath` wins), and
 * whether the framework's own origin check stands in for the CSRF token.
 *
 * @example
 * ```ts
 * // A framework whose request URL is on the app's public origin (SvelteKit's event.url):
 * const response = await auth.handle(request, { basePath: "/auth", csrfOrigin: new URL(request.url).origin })
 * ```
 */
export interface Mount {
  /** The mount path, e.g. Express's `req.baseUrl`; default `/auth`. */
  basePath?: string;
  /**
   * The app's own origin (`https://app.example`) as the framework resolved it, never from a
   * forwarded header the deployer did not name. A POST to the routes whose `Origin` header is
   * exactly this origin passes the CSRF check without a `csrfToken` field: browsers set Origin
   * on every POST and a page cannot change it, so only the app's own pages can send it. This is
   * the check SvelteKit applies to form posts, here made by the engine itself, so hand-made
   * `<form method="POST" action="/auth/signout">` forms work whatever the framework's settings.
   * A POST without Origin, with `Origin: null`, or from any other origin (a sibling subdomain,
   * the other scheme, another port) still needs the token. Unset (the default), every POST does.
   * `/csrf` answers a token either way.
   */
  csrfOrigin?: string;
}

/**
 * The engine of one configuration.
 *
 * @example
 * ```ts
 * const auth = createAuth(config)
 * const response = await auth.handle(request)
 * const { session } = await auth.session({ headers: request.headers })
 * ```
 */
export interface AuthEngine {
  /**
   * The HTTP face: answers one request to the auth routes. Never throws: bad input is a 400,
   * configuration problems a 500 (details in the log), sign-in failures a redirect to the error
   * or sign-in page.
   */
  handle(request: Request, mount?: Mount): Promise<Response>;
  /**
   * The session of the request being served, and its refreshed cookie. With `extend: false` a
   * database session is not extended (for callers that cannot set the cookie). Never throws.
   */
  session(call: ServerSessionRead): Promise<SessionResult>;
  /**
   * Signs in from server code (a form action, a server action). Without a provider, or with an
   * unknown id, the redirect is the sign-in page.
   * @throws The AuthError the sign-in raised (e.g. CredentialsSignin), with its cause.
   */
  signIn(provider: string | undefined, options: ServerSignIn): Promise<RedirectResult>;
  /**
   * Signs out from server code: the session ends, its cookie is cleared. With `federated: true`
   * (or the provider's `logout.federated`) the redirect is the identity provider's end-session
   * endpoint, which ends its session too and sends the browser on to `callbackUrl`.
   * @throws AuthError when the configuration is broken or the redirect callback fails.
   */
  signOut(options: ServerSignOut): Promise<RedirectResult>;
  /** Applies `data` to the session from server code. Null without a session. Never throws. */
  update(data: unknown, call: ServerCall): Promise<SessionResult>;
  /**
   * The signed-in user's live sessions (newest first); null when signed out.
   * @throws UnsupportedStrategy when the configuration has no session store.
   */
  listSessions(call: ServerCall): Promise<SessionInfo[] | null>;
  /**
   * Revokes one of the signed-in user's sessions by the `id` {@link AuthEngine.listSessions}
   * answered; another user's session is never touched. Null when signed out.
   */
  revokeSession(id: string, call: ServerCall): Promise<RevokeResult | null>;
  /** Revokes every session of the signed-in user but the current one. Null when signed out. */
  revokeOtherSessions(call: ServerCall): Promise<RevokeResult | null>;
  /**
   * Signs the user out everywhere: every session, the current one included (its cookie cleared),
   * and answers where to go next (`callbackUrl` through the `redirect` callback, as `signOut`).
   * Null when signed out.
   */
  revokeAllSessions(options: ServerSignOut): Promise<SignOutEverywhereResult | null>;
  /**
   * Revokes every session of a user, for admin code (after a password change, a ban): database
   * sessions end at once, JWT sessions at their next check (within `session.revalidateAfter`).
   * @returns How many sessions were revoked.
   */
  revokeSessions(userId: string): Promise<number>;
  /**
   * A usable access token of an OAuth/OIDC provider for the signed-in user, to call the
   * provider's APIs with: the stored one, or, when it expires within
   * `accessTokens.refreshBefore` seconds (default 60), a new one got with the refresh token and
   * stored (on the adapter's account row, which needs `listAccountsByUser` and `updateAccount`;
   * or, for JWT sessions without an adapter and a provider with `keepTokensInJwt`, in the session
   * JWT, whose re-issued cookie is in `cookies`). Concurrent calls refresh once; across processes
   * a lease in `accessTokens.lockStore` lets one refresh while the others wait for its tokens, so
   * a provider that rotates refresh tokens never sees one used twice.
   *
   * @returns The token, or null when signed out or the user has no tokens of that provider.
   * @throws RefreshTokenError when a refresh is due and fails for good (no refresh token, the
   * provider refused it): the user must sign in again; with `accessTokens.endSessionOnFailure`
   * the session was ended and the error's `cookies` clear it.
   * @throws OAuthProviderUnavailable when the provider cannot be reached: retry later.
   * @throws InvalidRequest when no OAuth/OIDC provider has the id.
   * @example
   * ```ts
   * const token = await auth.getAccessToken("github", { headers: request.headers })
   * if (token) await fetch("https://api.github.com/user", { headers: { authorization: `Bearer ${token.accessToken}` } })
   * ```
   */
  getAccessToken(providerId: string, call: ServerCall): Promise<AccessTokenResult | null>;
  /** Where the routes are served for a mount path (the configuration's own `basePath` wins). */
  basePath(mount?: Mount): string;
}

const engines = new WeakMap<AuthConfig, AuthEngine>();

/**
 * The engine of a configuration: the same object for the same configuration object, so every
 * integration and every mount of it share one normalisation, one adapter and one set of caches.
 *
 * @param config The configuration. Keep one object per app: each new object is normalised anew.
 * @returns The engine.
 * @example
 * ```ts
 * import { createAuth } from "@portcullis/core"
 * const auth = createAuth({ providers: [GitHub], secret: process.env.AUTH_SECRET })
 * export default { fetch: (request: Request) => auth.handle(request) }
 * ```
 */
export function createAuth(config: AuthConfig): AuthEngine {
  let engine = engines.get(config);
  if (!engine) {
    engine = buildEngine(config);
    engines.set(config, engine);
  }
  return engine;
}

function buildEngine(config: AuthConfig): AuthEngine {
  // Normalised on first use rather than here, so a configuration that cannot be read fails
  // where the answer can say so (a 500 on the routes, a logged error or a throw on the server face).
  let internal: InternalConfig | undefined;
  const settled = () => {
    internal ??= internalConfig(config);
    return internal;
  };
  const basePath = (mount?: Mount) => {
    try {
      return mountPath(settled(), mount?.basePath);
    } catch {
      // A configuration that cannot be read: its routes answer 500 wherever they are; this is
      // where they would be, so the rest of the app (outside them) keeps working.
      return normalizeBasePath(config.basePath ?? mount?.basePath ?? "/auth");
    }
  };
  // The session reads fail closed: a configuration that cannot be read is no session, logged.
  const failClosed = async (read: () => Promise<SessionResult>): Promise<SessionResult> => {
    try {
      return await read();
    } catch (error) {
      console.error("[portcullis][error] Configuration:", error);
      return { session: null, cookies: [] };
    }
  };
  return {
    handle: async (request, mount) => {
      const { result, returnRedirect } = await outcome(settled, request, mount);
      return toResponse(result, returnRedirect);
    },
    session: (call) => failClosed(() => readSession(settled(), basePath(call), call)),
    signIn: async (provider, options) => signIn(settled(), basePath(options), provider, options),
    signOut: async (options) => signOut(settled(), basePath(options), options),
    update: (data, call) => failClosed(() => updateSession(settled(), basePath(call), data, call)),
    listSessions: async (call) => controlSessions(settled(), basePath(call), call, listSessions),
    revokeSession: async (id, call) =>
      controlSessions(settled(), basePath(call), call, (req, ctx) => revokeSession(req, ctx, id)),
    revokeOtherSessions: async (call) =>
      controlSessions(settled(), basePath(call), call, (req, ctx) => revokeSessionsOf(req, ctx, false)),
    revokeAllSessions: async ({ callbackUrl, ...call }) =>
      controlSessions(
        settled(),
        basePath(call),
        call,
        async (req, ctx) => {
          const result = await revokeSessionsOf(req, ctx, true);
          return result && { revoked: result.revoked, cookies: result.cookies, redirect: result.redirect! };
        },
        callbackUrl,
      ),
    revokeSessions: async (userId) => {
      const config = settled();
      return revokeUserSessions(config, userId, config.now());
    },
    getAccessToken: async (providerId, call) =>
      controlSessions(settled(), basePath(call), call, (req, ctx) => getAccessToken(req, ctx, providerId)),
    basePath,
  };
}

/**
 * One request's answer as data, for `handle` and for `Auth` with `raw`.
 *
 * @param settled The normalised configuration (may throw when it cannot be read).
 * @param request The request.
 * @param mount Where the routes are mounted.
 * @returns The answer. Never throws.
 */
export async function outcome(
  settled: () => InternalConfig,
  request: Request,
  mount?: Mount,
): Promise<Outcome> {
  let config: InternalConfig;
  try {
    config = settled();
  } catch (error) {
    console.error("[portcullis][error] Configuration:", error);
    return { result: { status: 500, body: { message: CONFIGURATION_FAILURE } }, returnRedirect: false };
  }
  return answerRequest(request, config, mountPath(config, mount?.basePath), mount?.csrfOrigin);
}

/** The configuration's path when it names one, else the mount path, else the default. */
export function mountPath(config: InternalConfig, mounted: string | undefined): string {
  return config.basePathFixed || mounted === undefined ? config.basePath : normalizeBasePath(mounted);
}

const CONFIGURATION_FAILURE = "There was a problem with the server configuration.";

/**
 * The answer when the configuration cannot be read at all (a configuration function or an
 * adapter factory threw): a 500, with the cause in the log.
 *
 * @param error What was thrown.
 * @returns The 500 answer.
 */
export function configurationFailure(error: unknown): Response {
  console.error("[portcullis][error] Configuration:", error);
  return Response.json({ message: CONFIGURATION_FAILURE }, { status: 500 });
}
