/** GET error and GET verify-request: the built-in pages, or a redirect to the custom ones. */
import type { Action } from "../context";
import { readSentTo } from "../flows/email/sent-to";
import { html } from "../http/response";
import { renderErrorPage, renderVerifyRequestPage } from "../pages";

export const error: Action = async (req, ctx) => {
  const { pages } = ctx.config;
  if (pages.error) {
    const url = new URL(pages.error, ctx.origin);
    if (req.query.error) url.searchParams.set("error", req.query.error);
    return { redirect: url.href };
  }
  const page = renderErrorPage({
    error: req.query.error,
    signInUrl: `${ctx.actionUrl}/signin`,
    homeUrl: ctx.origin,
    theme: ctx.config.theme,
    acceptLanguage: req.request.headers.get("accept-language"),
  });
  return html(page.html, page.status);
};

export const verifyRequest: Action = async (req, ctx) => {
  const { pages } = ctx.config;
  if (pages.verifyRequest) {
    const url = new URL(pages.verifyRequest, ctx.origin);
    for (const [key, value] of Object.entries(req.query)) url.searchParams.set(key, value);
    return { redirect: url.href };
  }
  const page = renderVerifyRequestPage({
    email: await readSentTo(req, ctx),
    host: new URL(ctx.origin).host,
    homeUrl: ctx.origin,
    theme: ctx.config.theme,
    acceptLanguage: req.request.headers.get("accept-language"),
  });
  const result = html(page.html, page.status);
  // It is the page of a pending magic link: nothing it loads (a themed logo on another host)
  // learns where the person came from or that a link is on its way. It has no form, so the
  // Origin header a no-referrer policy blanks on form posts is not needed.
  result.headers = { ...result.headers, "Referrer-Policy": "no-referrer" };
  return result;
};
