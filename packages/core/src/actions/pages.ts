/** GET error and GET verify-request: the built-in pages, or a redirect to the custom ones. */
import type { Action, ActionContext, AuthRequest } from "../context";
import { carriedFlow } from "../flows/carried";
import type { VerifyRequestDetails } from "../flows/email/verify-request";
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

/**
 * What the page shows of an email sign-in, answered by the email flow the app's email provider
 * brings (`Auth` holds none): nothing when the app has no email provider.
 */
async function emailDetails(req: AuthRequest, ctx: ActionContext): Promise<Partial<VerifyRequestDetails>> {
  const named =
    req.query.provider === undefined ? undefined : ctx.config.providerById.get(req.query.provider);
  const provider = named?.type === "email" ? named : ctx.config.providers.find((p) => p.type === "email");
  const details = provider && carriedFlow(provider)?.verifyRequest;
  return details ? details(req, ctx) : {};
}

export const verifyRequest: Action = async (req, ctx) => {
  const { pages } = ctx.config;
  if (pages.verifyRequest) {
    const url = new URL(pages.verifyRequest, ctx.origin);
    for (const [key, value] of Object.entries(req.query)) url.searchParams.set(key, value);
    return { redirect: url.href };
  }
  const { sentTo, code } = await emailDetails(req, ctx);
  const page = renderVerifyRequestPage({
    email: sentTo,
    host: new URL(ctx.origin).host,
    homeUrl: ctx.origin,
    theme: ctx.config.theme,
    acceptLanguage: req.request.headers.get("accept-language"),
    code,
  });
  const result = html(page.html, page.status);
  if (code) {
    // The code form holds a CSRF token and its URL an address: never stored. `same-origin`, not
    // `no-referrer`, so the form's POST carries a real Origin (see the confirmation page).
    result.headers = {
      ...result.headers,
      "Cache-Control": "private, no-store",
      "Referrer-Policy": "same-origin",
    };
    return result;
  }
  // It is the page of a pending magic link: nothing it loads (a themed logo on another host)
  // learns where the person came from or that a link is on its way. It has no form, so the
  // Origin header a no-referrer policy blanks on form posts is not needed.
  result.headers = { ...result.headers, "Referrer-Policy": "no-referrer" };
  return result;
};
