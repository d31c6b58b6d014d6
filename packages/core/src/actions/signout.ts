/** GET signout shows the confirmation page; POST signout ends the session (CSRF required). */
import type { Action, ActionContext, AuthRequest, AuthResult } from "../context";
import { MissingCSRF } from "../errors";
import { html } from "../http/response";
import { renderSignOutPage } from "../pages";
import { sessionStrategy } from "../session";

export const signout: Action = async (req, ctx) => {
  if (req.method === "GET") {
    const { signOut } = ctx.config.pages;
    if (signOut) return { redirect: new URL(signOut, ctx.origin).href };
    const page = renderSignOutPage({
      csrfToken: await ctx.csrfToken(),
      signOutUrl: `${ctx.actionUrl}/signout`,
      callbackUrl: await ctx.callbackUrl(),
      theme: ctx.config.theme,
      acceptLanguage: req.request.headers.get("accept-language"),
    });
    return html(page.html, page.status);
  }
  if (!(await ctx.csrfVerified()))
    throw new MissingCSRF("The sign-out form came without a valid CSRF token.");
  return endSession(req, ctx);
};

/**
 * Ends the request's session (its database row, when there is one) and answers where to go next
 * with the cookies that clear it: what a sign-out POST and the engine's server-side `signOut` do.
 *
 * @param req The request whose session ends.
 * @param ctx Its context.
 * @returns The redirect to the callbackUrl, with the clearing cookies.
 * @example
 * ```ts
 * const { redirect, cookies } = await endSession(req, ctx)
 * ```
 */
export async function endSession(req: AuthRequest, ctx: ActionContext): Promise<AuthResult> {
  const cookies = await sessionStrategy(ctx.config).end(req, ctx);
  return { redirect: await ctx.callbackUrl(), cookies };
}
