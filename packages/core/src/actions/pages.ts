/** GET error and GET verify-request: the built-in pages, or a redirect to the custom ones. */
import type { Action, ActionContext, AuthRequest } from "../context";
import { codeSettings } from "../flows/email/code";
import { WRONG_CODE_ERROR } from "../flows/email/code-callback";
import { emailIdentifier } from "../flows/email/normalize";
import { readSentTo } from "../flows/email/sent-to";
import { html } from "../http/response";
import { renderErrorPage, renderVerifyRequestPage, type VerifyRequestCodeForm } from "../pages";

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
 * The code form for the provider named in the query, when it mails codes. The address is the one
 * the mail went to (the sealed cookie) when this browser asked for it, else the URL's.
 */
async function codeForm(
  req: AuthRequest,
  ctx: ActionContext,
  sentTo: string | null | undefined,
): Promise<VerifyRequestCodeForm | undefined> {
  const name = req.query.provider;
  const provider = name === undefined ? undefined : ctx.config.providerById.get(name);
  if (provider?.type !== "email") return undefined;
  const settings = codeSettings(provider);
  if (!settings) return undefined;
  let email = sentTo ?? undefined;
  if (email === undefined) {
    try {
      email = emailIdentifier(provider, req.query.email);
    } catch {
      // No usable address in the URL (a hand-edited or shared one): the visitor types it.
    }
  }
  return {
    actionUrl: `${ctx.actionUrl}/callback/${encodeURIComponent(provider.id)}`,
    fields: { csrfToken: await ctx.csrfToken(), callbackUrl: await ctx.callbackUrl() },
    email,
    length: settings.length,
    wrong: req.query.error === WRONG_CODE_ERROR,
    link: settings.link,
  };
}

export const verifyRequest: Action = async (req, ctx) => {
  const { pages } = ctx.config;
  if (pages.verifyRequest) {
    const url = new URL(pages.verifyRequest, ctx.origin);
    for (const [key, value] of Object.entries(req.query)) url.searchParams.set(key, value);
    return { redirect: url.href };
  }
  const sentTo = await readSentTo(req, ctx);
  const code = await codeForm(req, ctx, sentTo);
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
