/**
 * GET/POST callback/{email provider}: the followed magic link. Without `confirm`, the GET signs
 * in. With `confirm`, the GET only shows a button that POSTs the link's values (mail scanners
 * fetch links but do not submit forms, so they can no longer use a link up before the person
 * clicks it), and the POST signs in.
 *
 * @module
 */

import type { ActionContext, AuthRequest, AuthResult } from "../../context";
import { MissingCSRF, UnknownAction, Verification } from "../../errors";
import { html } from "../../http/response";
import { renderEmailConfirmPage } from "../../pages";
import type { EmailConfig } from "../../types";
import { codeSettings, consumeCode, deriveCode } from "./code";
import { signInWithCode } from "./code-callback";
import { emailIdentifier } from "./normalize";
import { redeemVerificationToken } from "./token";
import { signInVerified } from "./verified";

interface LinkParams {
  token: string;
  identifier: string;
}

/** The token and address of a link. @throws {Verification} when either is missing or unusable. */
function linkParams(provider: EmailConfig, source: Record<string, unknown> | undefined): LinkParams {
  const token = source?.token;
  const email = source?.email;
  if (typeof token !== "string" || token === "" || typeof email !== "string" || email === "")
    throw new Verification("The sign-in link has no token or no email address.");
  try {
    return { token, identifier: emailIdentifier(provider, email) };
  } catch (error) {
    throw new Verification("The email address of the sign-in link cannot be used.", { cause: error });
  }
}

async function signInWithLink(
  { token, identifier }: LinkParams,
  req: AuthRequest,
  ctx: ActionContext,
): Promise<AuthResult> {
  const provider = ctx.provider as EmailConfig;
  // Resolved first: a callbackUrl the app refuses must fail before the link is used up.
  await ctx.callbackUrl();
  await redeemVerificationToken(provider, identifier, token, ctx);
  const settings = codeSettings(provider);
  // The link and its code are one sign-in: the link uses the code up too, and a link whose code
  // was already typed (or whose row is otherwise gone) is spent.
  if (
    settings &&
    !(await consumeCode(provider, identifier, await deriveCode(token, identifier, settings.length), ctx))
  )
    throw new Verification("The sign-in link's code was already used.");
  return signInVerified(identifier, req, ctx);
}

async function confirmPage(req: AuthRequest, ctx: ActionContext): Promise<AuthResult> {
  const provider = ctx.provider as EmailConfig;
  const { token, identifier } = linkParams(provider, req.query);
  const page = renderEmailConfirmPage({
    actionUrl: `${ctx.actionUrl}/callback/${encodeURIComponent(provider.id)}`,
    fields: {
      token,
      email: identifier,
      callbackUrl: await ctx.callbackUrl(),
      csrfToken: await ctx.csrfToken(),
    },
    email: identifier,
    theme: ctx.config.theme,
    acceptLanguage: req.request.headers.get("accept-language"),
  });
  const result = html(page.html, page.status);
  // The page's URL holds the token: keep it out of every cache and out of the Referer of anything
  // the page loads from another host (a themed logo, say). `same-origin`, not `no-referrer`:
  // under `no-referrer` browsers send `Origin: null` with the page's form post, which frameworks
  // that check the Origin of form posts (SvelteKit by default) refuse. Our own origin may see
  // the URL: it issued the token.
  result.headers = {
    ...result.headers,
    "Cache-Control": "private, no-store",
    "Referrer-Policy": "same-origin",
  };
  return result;
}

/**
 * Handles a followed magic link. GET without `confirm`: uses the token (it must exist for the
 * normalised `email`, be unexpired, and is deleted), asks the `signIn` callback (without
 * `email.verificationRequest`), finds or creates the user, and starts the session. GET with
 * `confirm`: renders the confirmation page and leaves the token untouched. POST with `confirm`:
 * checks CSRF, then signs in with the posted values. POST without `confirm` is refused.
 *
 * @param req - The callback request.
 * @param ctx - The action context; `ctx.provider` is the email provider.
 * @returns The session cookies and redirect, the confirmation page, or the `signIn` callback's redirect.
 * @throws {Verification} For a missing, wrong, used, foreign or expired link.
 * @throws {MissingCSRF} For a confirmation POST without a valid CSRF token.
 * @throws {UnknownAction} For a POST when `confirm` is off.
 * @throws {AccessDenied} When the `signIn` callback denies.
 * @throws {AdapterError} When an adapter call fails.
 * @example
 * ```ts
 * const result = await emailCallback(req, ctx) // { redirect: callbackUrl, cookies: [session cookie] }
 * ```
 */
export async function emailCallback(req: AuthRequest, ctx: ActionContext): Promise<AuthResult> {
  const provider = ctx.provider as EmailConfig;
  if (req.method === "GET") {
    if (provider.confirm) return confirmPage(req, ctx);
    return signInWithLink(linkParams(provider, req.query), req, ctx);
  }
  // A POST that is not a confirmed link (it has no `token`) is a typed code when codes are on.
  const settings = codeSettings(provider);
  if (settings && !(provider.confirm && req.body?.token !== undefined))
    return signInWithCode(settings, req, ctx);
  if (!provider.confirm)
    throw new UnknownAction("A magic link is followed with GET; POST is accepted only with `confirm: true`.");
  if (!(await ctx.csrfVerified()))
    throw new MissingCSRF("The sign-in confirmation came without a valid CSRF token.");
  return signInWithLink(linkParams(provider, req.body), req, ctx);
}
