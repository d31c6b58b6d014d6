/**
 * The authentication ceremony's callback: find the passkey the browser used, verify its
 * signature over our challenge, advance its signature counter, and name the user it belongs to.
 */
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { callAdapter } from "../../adapter/call";
import type { Adapter, AdapterAccount, AdapterAuthenticator, AdapterUser } from "../../adapters";
import type { ActionContext, AuthRequest } from "../../context";
import { WebAuthnVerificationError } from "../../errors";
import type { WebAuthnConfig } from "../../types";
import type { Challenge } from "./challenge";
import { fromBase64, legacyCredentialId, parseCredential, splitTransports } from "./credential";
import { simpleWebAuthn } from "./library";
import { relyingParty } from "./relying-party";

/** A verified authentication: the passkey's user and account. */
export interface VerifiedAuthentication {
  user: AdapterUser;
  account: AdapterAccount;
}

async function findAuthenticator(adapter: Adapter, credentialId: string): Promise<AdapterAuthenticator> {
  const get = (id: string) => callAdapter("getAuthenticator", () => adapter.getAuthenticator!(id));
  // Rows written by Auth.js key the id in standard base64; ours in base64url.
  const found = (await get(credentialId)) ?? (await get(legacyCredentialId(credentialId)));
  if (!found) throw new WebAuthnVerificationError("No stored passkey has this credential id.");
  return found;
}

async function verify(
  response: AuthenticationResponseJSON,
  authenticator: AdapterAuthenticator,
  challenge: Challenge,
  ctx: ActionContext,
): Promise<number> {
  const provider = ctx.provider as WebAuthnConfig;
  const rp = relyingParty(provider, ctx);
  const { verifyAuthenticationResponse } = await simpleWebAuthn();
  try {
    const result = await verifyAuthenticationResponse({
      ...provider.verifyAuthenticationOptions,
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: response.id,
        publicKey: fromBase64(authenticator.credentialPublicKey),
        counter: authenticator.counter,
        transports: splitTransports(authenticator.transports),
      },
    });
    // The library also refuses a counter that did not grow (a cloned authenticator, or a replay).
    if (result.verified) return result.authenticationInfo.newCounter;
  } catch (cause) {
    throw new WebAuthnVerificationError("The passkey assertion did not verify.", { cause });
  }
  throw new WebAuthnVerificationError("The passkey assertion did not verify.");
}

async function owner(adapter: Adapter, authenticator: AdapterAuthenticator, providerId: string) {
  const { providerAccountId, userId } = authenticator;
  const account = await callAdapter("getAccount", () => adapter.getAccount!(providerAccountId, providerId));
  // A passkey registered through another WebAuthn provider does not sign in through this one.
  if (!account || account.userId !== userId) {
    throw new WebAuthnVerificationError("The passkey has no account with this provider.");
  }
  const user = await callAdapter("getUser", () => adapter.getUser!(userId));
  if (!user) throw new WebAuthnVerificationError("The passkey's user no longer exists.");
  return { user, account };
}

/**
 * Verifies an authentication response: the passkey must be stored and belong to this provider,
 * and its signature must cover our challenge, origin and RP id (with user verification as
 * configured). The stored counter is then advanced, before the `signIn` callback runs, so a
 * replayed assertion fails even when that sign-in is refused; when the adapter answers a counter
 * other than the new one (another sign-in stored a higher one meanwhile), the sign-in is refused.
 *
 * @param challenge - The challenge cookie's content.
 * @param req - The callback request; its `data` field holds the response.
 * @param ctx - The action context; `ctx.provider` is the WebAuthn provider.
 * @returns The user and account the passkey signs in.
 * @throws {WebAuthnVerificationError} When the response is malformed, the passkey unknown, the
 * assertion does not verify, or the adapter answers a stored counter other than the new one.
 * @throws {AdapterError} When an adapter call fails.
 * @see https://www.w3.org/TR/webauthn-3/#sctn-verifying-assertion
 * @example
 * ```ts
 * const { user, account } = await verifyAuthentication(challenge, req, ctx)
 * ```
 */
export async function verifyAuthentication(
  challenge: Challenge,
  req: AuthRequest,
  ctx: ActionContext,
): Promise<VerifiedAuthentication> {
  const adapter = ctx.config.adapter!;
  const response = parseCredential<AuthenticationResponseJSON>(req.body?.data);
  const authenticator = await findAuthenticator(adapter, response.id);
  const found = await owner(adapter, authenticator, (ctx.provider as WebAuthnConfig).id);
  const newCounter = await verify(response, authenticator, challenge, ctx);
  await advanceCounter(adapter, authenticator.credentialID, newCounter);
  return found;
}

/**
 * Stores the new counter and checks the row the adapter answers. The counter was checked against
 * the row read before verifying, but two assertions in flight at once (the passkey and a clone)
 * both pass that check; the adapter writes a counter only when it is greater than the stored one,
 * atomically, so the row then holds the other assertion's higher counter, and this one is refused
 * as a counter that did not grow is. A counter of 0 that stays 0 (synced passkeys) is answered
 * as 0 and accepted; their replays are stopped by the single-use challenge.
 */
async function advanceCounter(adapter: Adapter, credentialId: string, newCounter: number): Promise<void> {
  const stored = await callAdapter("updateAuthenticatorCounter", () =>
    adapter.updateAuthenticatorCounter!(credentialId, newCounter),
  );
  // An adapter that answers no row cannot tell (Auth.js ignores the answer, and adapters written
  // for it may return nothing): only a stored counter other than this one refuses. Number():
  // adapters over bigint columns may answer the counter as a string.
  if (stored?.counter == null) return;
  if (Number(stored.counter) !== newCounter) {
    throw new WebAuthnVerificationError(
      "The passkey's counter did not grow: another sign-in stored a higher one (a cloned authenticator?).",
    );
  }
}
