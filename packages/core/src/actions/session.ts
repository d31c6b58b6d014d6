/** GET session reads the session; POST session updates it (CSRF required; any failure is 400 `null`). */
import type { Action, AuthResult } from "../context";
import { NO_STORE } from "../http/response";
import { sessionStrategy } from "../session";
import type { SessionState } from "../session/strategy";

export const session: Action = async (req, ctx) => {
  const strategy = sessionStrategy(ctx.config);
  if (req.method === "GET") return sessionAnswer(await strategy.read(req, ctx));
  if (!(await ctx.csrfVerified())) {
    ctx.config.logger.debug("Session update refused: missing or invalid CSRF token.");
    return { status: 400, headers: NO_STORE, body: null };
  }
  return sessionAnswer(await strategy.update(req, ctx, req.body?.data));
};

/** The session as JSON (`null` without one), never cached; a refused update is a 400. */
function sessionAnswer({ session, cookies, refused }: SessionState): AuthResult {
  return { status: refused ? 400 : 200, headers: NO_STORE, body: session, cookies };
}
