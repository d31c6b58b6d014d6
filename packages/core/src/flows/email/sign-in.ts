/**
 * POST signin/{email provider}: checks the address, asks the `signIn` callback, and mails a
 * one-time link. The answer is the same redirect whether or not the address has an account, and
 * the same adapter calls are made either way, so the form cannot be used to find out who has one.
 *
 * @module
 */

import { callAdapter } from "../../adapter/call";
import type { ActionContext, AuthRequest, AuthResult } from "../../context";
import { withDeadline } from "../../deadline";
import { EmailSignInError, EmailSignin } from "../../errors";
import type { EmailConfig } from "../../types";
import { checkSignIn } from "../sign-in";
import { type CodeSettings, codeSettings, consumeCode, deriveCode, storeCode } from "./code";
import { beginNewCode, markNewest, undoNewCode } from "./newest-code";
import { emailIdentifier } from "./normalize";
import { consumeEmailAllowance } from "./rate-limit";
import { sealSentTo } from "./sent-to";
import { consumeVerificationToken, generateToken, issueVerificationToken } from "./token";
import { emailAccount } from "./user";

/** Longest typed address handed back to the form; anything longer is not an address worth fixing. */
const MAX_KEPT_ADDRESS = 1024;

/** The typed address, when it can go back into the sign-in URL and its email field as it is. */
function keptAddress(value: unknown): string | undefined {
  if (typeof value !== "string" || value.length > MAX_KEPT_ADDRESS) return undefined;
  // A CR/LF or bidi override is an attack on mail headers, not a typo: it is not echoed back.
  return /[\p{Cc}\p{Cf}]/u.test(value) ? undefined : value;
}

/**
 * The identifier of the typed address. An address the normalisation (or a custom
 * `normalizeIdentifier`, throwing to refuse it) turns down is the visitor's input, not a server
 * fault: it is {@link EmailSignin}, which the sign-in page explains.
 */
function readIdentifier(provider: EmailConfig, value: unknown): string {
  try {
    return emailIdentifier(provider, value);
  } catch (error) {
    throw new EmailSignin("The submitted email address cannot be used.", {
      cause: error,
      email: keptAddress(value),
    });
  }
}

/**
 * The verify-request page of a provider. With codes on, the address rides along, so the page's
 * code form knows whose code it is (and a custom page gets it as the built-in one does).
 *
 * @param provider - The email provider.
 * @param ctx - The action context.
 * @param email - The normalised address, given only when codes are on.
 * @returns The absolute URL.
 * @example
 * ```ts
 * verifyRequestUrl(provider, ctx) // "https://example.com/auth/verify-request?provider=email&type=email"
 * ```
 */
export function verifyRequestUrl(provider: EmailConfig, ctx: ActionContext, email?: string): string {
  const { verifyRequest } = ctx.config.pages;
  const url = new URL(verifyRequest ?? `${ctx.actionUrl}/verify-request`, ctx.origin);
  url.searchParams.set("provider", provider.id);
  url.searchParams.set("type", provider.type);
  if (email !== undefined) url.searchParams.set("email", email);
  return url.href;
}

function callbackLink(provider: EmailConfig, params: Record<string, string>, ctx: ActionContext): string {
  return `${ctx.actionUrl}/callback/${encodeURIComponent(provider.id)}?${new URLSearchParams(params)}`;
}

/**
 * Delivers the link; on failure the token is used up first, so no stored token outlives a failed
 * send, and `undo` runs (a code's, making the code it replaced the newest again). A send that
 * outlasts `timeouts.email` counts as failed: a mail server that accepts the connection and then
 * stalls must not hold the request (and its socket) open indefinitely.
 */
async function deliver(
  provider: EmailConfig,
  params: { identifier: string; token: string; expires: Date; url: string; code?: string },
  req: AuthRequest,
  ctx: ActionContext,
  undo?: () => Promise<void>,
): Promise<void> {
  try {
    const sending = provider.sendVerificationRequest({
      ...params,
      provider,
      theme: ctx.config.theme,
      request: req.request,
    });
    await withDeadline(sending, ctx.config.timeouts.email, `Sending with "${provider.id}"`);
  } catch (error) {
    try {
      await consumeVerificationToken(provider, params.identifier, params.token, ctx);
      if (params.code !== undefined) await consumeCode(provider, params.identifier, params.code, ctx);
      await undo?.();
    } catch (cleanup) {
      ctx.config.logger.error(cleanup as Error);
    }
    throw new EmailSignInError(`Sending the sign-in link with "${provider.id}" failed.`, { cause: error });
  }
}

/**
 * Starts an email sign-in: normalises `email` from the body, calls the `signIn` callback with
 * `email.verificationRequest: true` (false denies, a URL redirects there, nothing is sent in
 * either case), applies the per-client and per-address rate limits, stores a hashed token and sends
 * `{actionUrl}/callback/{id}?callbackUrl&token&email` through `sendVerificationRequest`, then
 * redirects to the verify-request page (`pages.verifyRequest` when set), with the sealed cookie
 * that lets the built-in page name the address (see `sent-to.ts`).
 *
 * @param req - The sign-in POST (CSRF already checked by the action).
 * @param ctx - The action context; `ctx.provider` is the email provider.
 * @returns The redirect.
 * @throws {EmailSignin} For an address that cannot be used.
 * @throws {EmailSignInError} For a failed send.
 * @throws {RateLimited} When the address, or the client asking, had too many links lately.
 * @throws {AccessDenied} When the `signIn` callback denies.
 * @throws {AdapterError} When an adapter call fails.
 * @example
 * ```ts
 * const result = await sendVerificationLink(req, ctx) // { redirect: ".../verify-request?provider=email&type=email" }
 * ```
 */
export async function sendVerificationLink(req: AuthRequest, ctx: ActionContext): Promise<AuthResult> {
  const provider = ctx.provider as EmailConfig;
  const identifier = readIdentifier(provider, req.body?.email);
  // Checked before anything is counted or asked: a bad option is the app's to fix.
  const settings = codeSettings(provider);
  const callbackUrl = await ctx.callbackUrl();
  const adapter = ctx.config.adapter!;
  const existing = await callAdapter("getUserByEmail", () => adapter.getUserByEmail!(identifier));
  const user = existing ?? { id: identifier, email: identifier, emailVerified: null };
  const account = emailAccount(provider, identifier, user.id);
  const redirect = await checkSignIn({ user, account, email: { verificationRequest: true } }, ctx);
  if (redirect) return { redirect };
  await consumeEmailAllowance(provider, identifier, req, ctx);
  if (settings) return sendCode(provider, settings, { identifier, callbackUrl }, req, ctx);
  const { token, expires } = await issueVerificationToken(provider, identifier, ctx);
  const url = callbackLink(provider, { callbackUrl, token, email: identifier }, ctx);
  await deliver(provider, { identifier, token, expires, url }, req, ctx);
  return { redirect: verifyRequestUrl(provider, ctx), cookies: [await sealSentTo(identifier, ctx)] };
}

/**
 * The code variant of the last steps: the link row (unless `link: false`) and the code row, with
 * one expiry, then one mail holding both. Without a link, `url` is the page the code is typed on.
 * The new code replaces the address's earlier ones (see newest-code.ts): from the moment it is
 * begun they no longer sign in, though the links mailed with them still do.
 */
async function sendCode(
  provider: EmailConfig,
  settings: CodeSettings,
  { identifier, callbackUrl }: { identifier: string; callbackUrl: string },
  req: AuthRequest,
  ctx: ActionContext,
): Promise<AuthResult> {
  const pageUrl = verifyRequestUrl(provider, ctx, identifier);
  const newCode = await beginNewCode(provider, identifier, ctx);
  const { expires } = newCode;
  let token: string;
  let url: string;
  if (settings.link) {
    ({ token } = await issueVerificationToken(provider, identifier, ctx, expires));
    url = callbackLink(provider, { callbackUrl, token, email: identifier }, ctx);
  } else {
    // No link is stored: the token exists only to derive the code from.
    token = await generateToken(provider);
    url = pageUrl;
  }
  const code = await deriveCode(token, identifier, settings.length);
  await storeCode(provider, identifier, code, expires, ctx);
  // Not mailed when a request for the same address at the same moment got its code marked first:
  // that one is on its way, and a second mail would hold a code that no longer signs in. Its
  // rows expire unused, as an unfollowed link's do.
  if (await markNewest(provider, identifier, expires, ctx))
    await deliver(provider, { identifier, token, expires, url, code }, req, ctx, () =>
      undoNewCode(provider, identifier, newCode, ctx),
    );
  return { redirect: pageUrl, cookies: [await sealSentTo(identifier, ctx)] };
}
