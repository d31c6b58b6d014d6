/** GET csrf: the CSRF token for clients that build their own forms. 404 when CSRF checks are skipped. */
import type { Action } from "../context";
import { NO_STORE } from "../http/response";

export const csrf: Action = async (_req, ctx) => {
  if (ctx.config.skipCSRFCheck) {
    const { name, options } = ctx.cookies.csrfToken;
    return {
      status: 404,
      cookies: [{ name, value: "", options: { ...options, maxAge: 0, expires: new Date(0) } }],
    };
  }
  return { headers: NO_STORE, body: { csrfToken: await ctx.csrfToken() } };
};
