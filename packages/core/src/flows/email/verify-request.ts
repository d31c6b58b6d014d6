/**
 * What the built-in verify-request page shows of an email sign-in in flight: the address the mail
 * went to and, for a provider that mails codes, the form to type one in. The email flow answers
 * it, so that the page's action holds no email code of its own.
 *
 * @module
 */
import type { ActionContext, AuthRequest } from "../../context";
import type { VerifyRequestCodeForm } from "../../pages";
import { codeSettings } from "./code";
import { WRONG_CODE_ERROR } from "./code-callback";
import { emailIdentifier } from "./normalize";
import { readSentTo } from "./sent-to";

/** The verify-request page's view of the sign-in: where the mail went, and the code form. */
export interface VerifyRequestDetails {
  /** The address the mail went to, when this browser asked for it (the sealed cookie). */
  sentTo: string | undefined;
  /** The code form, when the provider named in the query mails codes. */
  code: VerifyRequestCodeForm | undefined;
}

/**
 * The code form for the provider named in the query, when it mails codes. The address is the one
 * the mail went to when this browser asked for it, else the URL's.
 */
async function codeForm(
  req: AuthRequest,
  ctx: ActionContext,
  sentTo: string | undefined,
): Promise<VerifyRequestCodeForm | undefined> {
  const name = req.query.provider;
  const provider = name === undefined ? undefined : ctx.config.providerById.get(name);
  if (provider?.type !== "email") return undefined;
  const settings = codeSettings(provider);
  if (!settings) return undefined;
  let email = sentTo;
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

/**
 * Reads what the verify-request page shows of the request's email sign-in.
 *
 * @param req - the verify-request page's request.
 * @param ctx - the action context.
 * @returns the address and the code form, each when there is one.
 * @example
 * ```ts
 * const { sentTo, code } = await verifyRequestDetails(req, ctx)
 * ```
 */
export async function verifyRequestDetails(
  req: AuthRequest,
  ctx: ActionContext,
): Promise<VerifyRequestDetails> {
  const sentTo = await readSentTo(req, ctx);
  return { sentTo, code: await codeForm(req, ctx, sentTo) };
}
