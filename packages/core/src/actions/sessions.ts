/**
 * The session-control routes, as JSON: `GET sessions` lists the signed-in user's sessions;
 * `POST sessions/revoke` (with `id`), `sessions/revoke-others` and `sessions/revoke-all` revoke
 * them. Signed out: 401. Without a session store: 404, like `csrf` when CSRF checks are off.
 */
import type { Action, AuthResult } from "../context";
import { AuthError, SessionStoreUnavailable } from "../errors";
import { NO_STORE } from "../http/response";
import { listSessions, type Revoked, revokeSession, revokeSessionsOf } from "../session/control";

const SIGNED_OUT: AuthResult = {
  status: 401,
  headers: NO_STORE,
  body: { message: "Sign in to manage your sessions." },
};

function revoked(result: Revoked | null): AuthResult {
  if (!result) return SIGNED_OUT;
  return { headers: NO_STORE, body: { revoked: result.revoked }, cookies: result.cookies };
}

export const sessions: Action = async (req, ctx) => {
  if (!ctx.config.sessionStore) {
    return {
      status: 404,
      headers: NO_STORE,
      body: { message: "Sessions cannot be listed or revoked in this configuration." },
    };
  }
  const operation = req.providerId;
  if (req.method === "GET" ? operation !== undefined : operation === undefined)
    return { status: 400, headers: NO_STORE, body: { message: "Unknown session operation." } };
  try {
    if (req.method === "GET") {
      const list = await listSessions(req, ctx);
      return list ? { headers: NO_STORE, body: list } : SIGNED_OUT;
    }
    if (!(await ctx.csrfVerified())) {
      ctx.config.logger.debug("Session revocation refused: missing or invalid CSRF token.");
      return { status: 403, headers: NO_STORE, body: { message: "Missing or invalid CSRF token." } };
    }
    if (operation === "revoke") return revoked(await revokeSession(req, ctx, req.body?.id));
    if (operation === "revoke-others") return revoked(await revokeSessionsOf(req, ctx, false));
    if (operation === "revoke-all") return revoked(await revokeSessionsOf(req, ctx, true));
    return { status: 400, headers: NO_STORE, body: { message: "Unknown session operation." } };
  } catch (error) {
    // The store failed: the server's trouble, said without details; the log has them (a store
    // outage was logged once when it began, not again for every request).
    if (!(error instanceof SessionStoreUnavailable))
      ctx.config.logger.error(
        error instanceof AuthError ? error : new AuthError("Session control failed.", { cause: error }),
      );
    return { status: 503, headers: NO_STORE, body: { message: "Sessions are unavailable right now." } };
  }
};
