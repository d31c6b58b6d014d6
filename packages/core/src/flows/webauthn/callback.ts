/**
 * POST callback/{provider} of a WebAuthn provider: the browser posts `action` (`register` or
 * `authenticate`) and `data` (the credential response as JSON) with the CSRF token; a verified
 * ceremony signs the user in like any other flow.
 */
import { sameId } from "../../adapter/ids";
import type { ActionContext, AuthRequest, AuthResult } from "../../context";
import { MissingCSRF, UnknownAction, WebAuthnVerificationError } from "../../errors";
import type { Account, User } from "../../types";
import { resolveAccount } from "../account";
import { checkSignIn, startSession } from "../sign-in";
import { verifyAuthentication } from "./authenticate";
import { type Challenge, clearChallenge, readChallenge, spendChallenge } from "./challenge";
import { saveRegistration, verifyRegistration } from "./register";

/** A sign-in decided but not yet written: `save()` stores what it needs and returns the user. */
interface Pending {
  user: User;
  account: Account;
  isNewUser: boolean;
  save(): Promise<User>;
}

async function register(challenge: Challenge, req: AuthRequest, ctx: ActionContext): Promise<Pending> {
  const registration = await verifyRegistration(challenge, req, ctx);
  const { resolved, account } = registration;
  return {
    user: resolved.user,
    account,
    isNewUser: resolved.isNewUser,
    save: () => saveRegistration(registration, ctx),
  };
}

async function authenticate(challenge: Challenge, req: AuthRequest, ctx: ActionContext): Promise<Pending> {
  const { user, account } = await verifyAuthentication(challenge, req, ctx);
  // Signed in as someone else, a passkey of this user is refused (AccountNotLinked), as for
  // any account that signs in while another session is open.
  const resolved = await resolveAccount({ user, account }, req, ctx);
  // The passkey's own rows name its user; an adapter whose account lookup answers anyone else
  // (a buggy query, a table another app writes to) must not turn the passkey into their session.
  if (!sameId(resolved.user.id, account.userId)) {
    throw new WebAuthnVerificationError("The adapter resolved the passkey's account to another user.");
  }
  return { user: resolved.user, account, isNewUser: false, save: async () => resolved.user };
}

/**
 * Completes a WebAuthn ceremony. The challenge cookie is read (and, on success, cleared) before
 * anything else, so a request that did not come from an options request here never reaches the
 * database; the challenge is then spent on the server, so it completes one ceremony at most,
 * whichever browser posts it. A registration stores the user, account and authenticator only
 * after the `signIn` callback allowed the sign-in.
 *
 * @param req - The POST request with `csrfToken`, `action` and `data`.
 * @param ctx - The action context; `ctx.provider` is the WebAuthn provider.
 * @returns The redirect to the callback URL (or `pages.newUser` after a sign-up) with the
 * session cookies.
 * @throws {UnknownAction} On a GET.
 * @throws {MissingCSRF} Without a valid CSRF token.
 * @throws {WebAuthnVerificationError} When the action is unknown, the challenge missing, expired,
 * altered, for another provider or spent already, the response malformed or unverified, the
 * passkey's stored counter higher than the one signed (a clone signing in at the same time), or
 * the adapter names a user other than the passkey's.
 * @throws {AccessDenied} When the `signIn` callback refuses.
 * @see WIRE.md, "callback/{id}" (WebAuthn)
 * @example
 * ```ts
 * const result = await webauthnCallback(req, ctx) // { redirect: "https://app.example/", cookies }
 * ```
 */
export async function webauthnCallback(req: AuthRequest, ctx: ActionContext): Promise<AuthResult> {
  if (req.method !== "POST") throw new UnknownAction("WebAuthn accepts only POST on its callback.");
  if (!(await ctx.csrfVerified())) throw new MissingCSRF("The passkey form came without a valid CSRF token.");
  const action = req.body?.action;
  if (action !== "register" && action !== "authenticate") {
    throw new WebAuthnVerificationError("The callback's `action` must be register or authenticate.");
  }
  const challenge = await readChallenge(ctx.provider!.id, req, ctx);
  if (challenge.action !== action) {
    throw new WebAuthnVerificationError(`The challenge was issued for ${challenge.action}, not ${action}.`);
  }
  // Spent before the response is looked at: whatever the outcome, the challenge is not accepted again.
  await spendChallenge(challenge, ctx.provider!.id, ctx);
  const pending = await (action === "register" ? register : authenticate)(challenge, req, ctx);
  const cleared = clearChallenge(ctx);
  const redirect = await checkSignIn({ user: pending.user, account: pending.account }, ctx);
  if (redirect) return { redirect, cookies: [cleared] };
  const user = await pending.save();
  const account = { ...pending.account, userId: user.id };
  const result = await startSession({ user, account, isNewUser: pending.isNewUser }, req, ctx);
  return { ...result, cookies: [cleared, ...(result.cookies ?? [])] };
}
