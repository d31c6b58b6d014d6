/**
 * The two steps every sign-in method ends with: asking the `signIn` callback, then starting the
 * session and sending the user on (to `pages.newUser` after a first sign-in, when set).
 */
import type { ActionContext, AuthRequest, AuthResult } from "../context";
import { AccessDenied } from "../errors";
import { emit } from "../events";
import { checkedRedirect } from "../http/callback-url";
import { sessionStrategy } from "../session";
import type { SignedIn } from "../session/strategy";
import type { SignInCallbackParams } from "../types";

/**
 * Asks the `signIn` callback. Returns a URL when the callback chose to redirect (through the
 * `redirect` callback, so it cannot send the user to a foreign origin the app does not allow).
 * @throws AccessDenied when it returns false or throws.
 * @throws InvalidCallbackUrl when the `redirect` callback answers something that is not a URL.
 */
export async function checkSignIn(
  params: SignInCallbackParams,
  ctx: ActionContext,
): Promise<string | undefined> {
  let allowed: boolean | string;
  try {
    allowed = await ctx.config.callbacks.signIn(params);
  } catch (error) {
    throw new AccessDenied(error instanceof Error ? error.message : "The signIn callback threw.", {
      cause: error,
    });
  }
  if (allowed === false) throw new AccessDenied("The signIn callback returned false.");
  if (typeof allowed === "string") return checkedRedirect(allowed, ctx);
  return undefined;
}

/** Starts the session for a signed-in user, fires `signIn`, and redirects to the callback URL. */
export async function startSession(
  signedIn: SignedIn,
  req: AuthRequest,
  ctx: ActionContext,
): Promise<AuthResult> {
  const cookies = await sessionStrategy(ctx.config).create(signedIn, req, ctx);
  await emit(ctx.config, "signIn", {
    user: signedIn.user,
    account: signedIn.account,
    profile: signedIn.profile,
    isNewUser: signedIn.isNewUser,
  });
  const callbackUrl = await ctx.callbackUrl();
  const { newUser } = ctx.config.pages;
  if (signedIn.isNewUser && newUser) {
    const url = new URL(newUser, ctx.origin);
    url.searchParams.set("callbackUrl", callbackUrl);
    return { redirect: url.href, cookies };
  }
  return { redirect: callbackUrl, cookies };
}
