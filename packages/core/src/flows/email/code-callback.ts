/**
 * POST callback/{email provider} with a typed code (the `code` option): the address and the code
 * from the verify-request page's form, or from an app's own form.
 *
 * @module
 */
import type { VerificationToken } from "../../adapters";
import type { ActionContext, AuthRequest, AuthResult } from "../../context";
import { MissingCSRF, Verification } from "../../errors";
import { adapterDateExpired } from "../../session/expiry";
import type { EmailConfig } from "../../types";
import { burnAfterLastAttempt, isBurned } from "./burned-codes";
import {
  type CodeAttempt,
  type CodeSettings,
  consumeCode,
  readCode,
  refundCodeAttempt,
  releaseAddressCount,
  takeCodeAttempt,
} from "./code";
import { isNewest, restoreRow, takeMarker } from "./newest-code";
import { emailIdentifier } from "./normalize";
import { verifyRequestUrl } from "./sign-in";
import { signInVerified } from "./verified";

/**
 * The `error` value of the verify-request page after a wrong code. The page then asks for the
 * code again; a custom `pages.verifyRequest` receives it in its query as well.
 *
 * @example
 * ```ts
 * if (new URL(url).searchParams.get("error") === WRONG_CODE_ERROR) showWrongCodeMessage()
 * ```
 */
export const WRONG_CODE_ERROR = "WrongCode";

function codeAddress(provider: EmailConfig, value: unknown): string {
  try {
    return emailIdentifier(provider, value);
  } catch (error) {
    throw new Verification("The sign-in code came without a usable email address.", { cause: error });
  }
}

function askAgain(provider: EmailConfig, identifier: string, ctx: ActionContext): AuthResult {
  const url = new URL(verifyRequestUrl(provider, ctx, identifier));
  url.searchParams.set("error", WRONG_CODE_ERROR);
  return { redirect: url.href, refusal: WRONG_CODE_ERROR };
}

/** A code that signs in: its row, and the attempt counted for it. */
interface UsedCode {
  row: VerificationToken;
  attempt: CodeAttempt;
}

/**
 * Counts the attempt, then uses the typed code up if it is the address's newest; a wrong code
 * that was the address's last attempt burns its codes. The marker taken for the check goes back
 * unless its code was used; a superseded code's row goes back too, so the link mailed with it
 * still works.
 *
 * @returns The used code's row and attempt, or null for a wrong or superseded code.
 * @throws {Verification} When the address's codes are burned, or it or the client posting is out
 *   of attempts.
 */
async function useNewestCode(
  settings: CodeSettings,
  { identifier, code, marker }: { identifier: string; code: string; marker: VerificationToken },
  req: AuthRequest,
  ctx: ActionContext,
): Promise<UsedCode | null> {
  const provider = ctx.provider as EmailConfig;
  let used: UsedCode | null = null;
  try {
    // Counted first, and only then the burn read. A burned address's count sits one below its
    // limit, so this take fills it until the refusal below gives it back: while one post has the
    // burn row out to read it, any other post for the address (one for a newer code has a marker
    // of its own) is refused by the count instead of finding no burn.
    let attempt = await takeCodeAttempt(provider, identifier, settings, req, ctx);
    if (attempt && (await isBurned(provider, identifier, ctx))) {
      await releaseAddressCount(attempt);
      attempt = undefined;
    }
    // One answer for all: which limit refused tells a guesser nothing worth knowing.
    if (!attempt)
      throw new Verification(
        "Too many wrong codes were tried for this address or from this client; the code is refused.",
      );
    const row = await consumeCode(provider, identifier, code, ctx);
    if (row && isNewest(row, marker)) {
      used = { row, attempt };
      return used;
    }
    if (row) await restoreRow(row, ctx);
    await burnAfterLastAttempt(provider, identifier, attempt, ctx);
    return null;
  } finally {
    if (!used) await restoreRow(marker, ctx);
  }
}

/**
 * Signs in with a typed code. The CSRF token and the address are checked first; then a value
 * that cannot be a code (wrong length, not digits) goes back to the verify-request page without
 * counting, and so does any code for an address that has no code in flight (none mailed, its
 * newest one used, or another post for it being checked at this moment): there is nothing to
 * guess, and counting it would only let throw-away addresses fill the rate-limit store. Anything
 * else counts as one attempt for the address and for the client's address (when a trusted
 * source names it): past either allowance every code is refused (`Verification`), the right one
 * included. A wrong code, or one that a newer code has replaced, goes back to the verify-request
 * page with `error=WrongCode`; the address's newest code is used up (so is its link), its
 * attempt given back, and the sign-in finishes as a followed link would.
 *
 * @param settings - The provider's code settings.
 * @param req - The callback POST: `email`, `code`, `csrfToken` and, optionally, `callbackUrl`.
 * @param ctx - The action context; `ctx.provider` is the email provider.
 * @returns The session cookies and redirect, or the redirect back to the code form.
 * @throws {MissingCSRF} Without a valid CSRF token.
 * @throws {Verification} For a missing or unusable address, a burned or an expired code, or a
 *   client out of attempts.
 * @throws {AccessDenied} When the `signIn` callback denies.
 * @throws {AdapterError} When an adapter call fails.
 * @example
 * ```ts
 * const result = await signInWithCode({ length: 6, attempts: 5, link: true }, req, ctx)
 * ```
 */
export async function signInWithCode(
  settings: CodeSettings,
  req: AuthRequest,
  ctx: ActionContext,
): Promise<AuthResult> {
  const provider = ctx.provider as EmailConfig;
  if (!(await ctx.csrfVerified())) throw new MissingCSRF("The sign-in code came without a valid CSRF token.");
  const identifier = codeAddress(provider, req.body?.email);
  // Resolved first: a callbackUrl the app refuses must fail before the code is used up.
  await ctx.callbackUrl();
  const code = readCode(req.body?.code, settings.length);
  // A typo in shape is no guess at the code: it costs no attempt.
  if (code === undefined) return askAgain(provider, identifier, ctx);
  const marker = await takeMarker(provider, identifier, ctx);
  const used = marker && (await useNewestCode(settings, { identifier, code, marker }, req, ctx));
  if (!used) {
    // The visitor's input, not a fault: a warning, so guessing shows up in the log.
    ctx.config.logger.warn("email-code-wrong");
    return askAgain(provider, identifier, ctx);
  }
  if (adapterDateExpired(used.row.expires, ctx.now, "useVerificationToken", ctx.config.logger))
    throw new Verification("The sign-in code has expired.");
  await refundCodeAttempt(used.attempt);
  return signInVerified(identifier, req, ctx);
}
