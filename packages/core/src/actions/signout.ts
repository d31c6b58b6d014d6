/**
 * GET signout shows the confirmation page; POST signout ends the session (CSRF required), and with
 * `federated` (or the provider's `logout.federated`) the identity provider's session too.
 * GET signout/{provider} is where the provider sends the browser back after its logout.
 */
import type { Action, ActionContext, AuthRequest, AuthResult } from "../context";
import { MissingCSRF } from "../errors";
import { carriedFlow } from "../flows/carried";
import { afterProviderLogout, wantsFederated } from "../flows/oauth/end-session";
import { html } from "../http/response";
import { renderSignOutPage } from "../pages";
import { sessionStrategy } from "../session";
import type { IdpSession } from "../session/idp";
import type { OAuth2Config, ProviderConfig } from "../types";

export const signout: Action = async (req, ctx) => {
  if (req.method === "GET") {
    if (req.providerId !== undefined) return afterProviderLogout(req, ctx);
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
  // Only the landing takes a provider; a sign-out form never posts to one.
  if (req.providerId !== undefined) return { status: 400, body: "Bad request." };
  if (!(await ctx.csrfVerified()))
    throw new MissingCSRF("The sign-out form came without a valid CSRF token.");
  return endSession(req, ctx, federatedField(req.body?.federated));
};

/** The `federated` form field: "true" or "false" decide; anything else leaves it to the provider. */
function federatedField(value: unknown): boolean | undefined {
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  return undefined;
}

function federatesByDefault(provider: ProviderConfig): boolean {
  return (provider as OAuth2Config).logout?.federated === true;
}

/** The session's provider link, read before the session ends; a store failure means none (logged by `end`). */
async function idpSessionBeforeEnd(req: AuthRequest, ctx: ActionContext): Promise<IdpSession | null> {
  try {
    return await sessionStrategy(ctx.config).idpSession(req, ctx);
  } catch {
    return null;
  }
}

/**
 * Ends the request's session (its database row, when there is one) and answers where to go next
 * with the cookies that clear it: what a sign-out POST and the engine's server-side `signOut` do.
 * A federated sign-out then goes through the identity provider's end-session endpoint.
 *
 * @param req The request whose session ends.
 * @param ctx Its context.
 * @param federated Whether to end the provider's session too; default: the provider's
 * `logout.federated`. Sessions not signed in with an OAuth/OIDC provider always end locally.
 * @returns The redirect (the callbackUrl, or the provider's end-session URL), with the clearing cookies.
 * @example
 * ```ts
 * const { redirect, cookies } = await endSession(req, ctx, true)
 * ```
 */
export async function endSession(
  req: AuthRequest,
  ctx: ActionContext,
  federated?: boolean,
): Promise<AuthResult> {
  // Read only when it can matter: most configurations federate nowhere, and a read costs a query.
  const mayFederate = federated ?? ctx.config.providers.some(federatesByDefault);
  const idp = mayFederate ? await idpSessionBeforeEnd(req, ctx) : null;
  const cookies = await sessionStrategy(ctx.config).end(req, ctx);
  const callbackUrl = await ctx.callbackUrl();
  if (!idp || !wantsFederated(idp, federated, ctx)) return { redirect: callbackUrl, cookies };
  // The provider's own flow knows its end-session endpoint; `Auth` holds no OAuth code itself.
  const provider = ctx.config.providerById.get(idp.provider);
  const endSessionUrl = provider && carriedFlow(provider)?.endSessionUrl;
  return { redirect: (await endSessionUrl?.(idp, callbackUrl, ctx)) ?? callbackUrl, cookies };
}
