/**
 * The end of an email sign-in, shared by the link and the code: the address is proven, so the
 * `signIn` callback is asked, the user found or created, and the session started.
 *
 * @module
 */
import { callAdapter } from "../../adapter/call";
import type { ActionContext, AuthRequest, AuthResult } from "../../context";
import type { EmailConfig } from "../../types";
import { checkSignIn, startSession } from "../sign-in";
import { emailAccount, resolveEmailUser } from "./user";

/**
 * Signs in the owner of a proven address: asks the `signIn` callback (without
 * `email.verificationRequest`), then finds or creates the user and starts the session.
 *
 * @param identifier - The proven, normalised address.
 * @param req - The callback request.
 * @param ctx - The action context; `ctx.provider` is the email provider.
 * @returns The session cookies and redirect, or the `signIn` callback's redirect.
 * @throws {AccessDenied} When the `signIn` callback denies.
 * @throws {OAuthAccountNotLinked} When a user with the address exists but never proved it.
 * @throws {AdapterError} When an adapter call fails.
 * @example
 * ```ts
 * const result = await signInVerified("ada@example.com", req, ctx)
 * ```
 */
export async function signInVerified(
  identifier: string,
  req: AuthRequest,
  ctx: ActionContext,
): Promise<AuthResult> {
  const provider = ctx.provider as EmailConfig;
  const adapter = ctx.config.adapter!;
  const existing = await callAdapter("getUserByEmail", () => adapter.getUserByEmail!(identifier));
  const provisional = existing ?? { id: identifier, email: identifier, emailVerified: null };
  // The callback is asked before any user row is written, so a denied address leaves no trace.
  // `email` is left out: once the address is proven, `email.verificationRequest` is absent.
  const redirect = await checkSignIn(
    { user: provisional, account: emailAccount(provider, identifier, provisional.id) },
    ctx,
  );
  if (redirect) return { redirect };
  const { user, isNewUser } = await resolveEmailUser(provider, identifier, existing, ctx);
  return startSession({ user, account: emailAccount(provider, identifier, user.id), isNewUser }, req, ctx);
}
