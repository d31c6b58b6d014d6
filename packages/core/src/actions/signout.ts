/** GET signout shows the confirmation page; POST signout ends the session (CSRF required). */
import type { Action } from "../context";
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
    });
    return html(page.html, page.status);
  }
  if (!(await ctx.csrfVerified()))
    throw new MissingCSRF("The sign-out form came without a valid CSRF token.");
  const cookies = await sessionStrategy(ctx.config).end(req, ctx);
  return { redirect: await ctx.callbackUrl(), cookies };
};
