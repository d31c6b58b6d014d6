/** GET session reads the session; POST session updates it (CSRF required; any failure is 400 `null`). */
import type { Action } from "../context";
import { NO_STORE } from "../http/response";
import { sessionStrategy } from "../session";

export const session: Action = async (req, ctx) => {
  const strategy = sessionStrategy(ctx.config);
  if (req.method === "GET") return strategy.read(req, ctx);
  if (!(await ctx.csrfVerified())) {
    ctx.config.logger.debug("Session update refused: missing or invalid CSRF token.");
    return { status: 400, headers: NO_STORE, body: null };
  }
  return strategy.update(req, ctx, req.body?.data);
};
