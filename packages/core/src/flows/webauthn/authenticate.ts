/**
 * The authentication ceremony's callback: find the passkey the browser used, verify its
 * signature over our challenge, advance its signature counter, and name the user it belongs to.
 */
import type { AuthenticationResponseJSON } from "@simplewebauthn/server";
import { callAdapter } from "../../adapter/call";
import {
  type Adapter,
  type AdapterAccount,
  type AdapterAuthenticator,
  type AdapterUser,
  COUNTER_NOT_WRITTEN,
} from "../../adapters";
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
 * replayed assertion fails even when that sign-in is refused; when the adapter marks its answer as
 * not written ({@link COUNTER_NOT_WRITTEN}: another sign-in stored this counter or a higher one
 * meanwhile) with a non-zero counter, or answers a counter other than the new one, the sign-in is
 * refused.
 *
 * @param challenge - The challenge cookie's content.
 * @param req - The callback request; its `data` field holds the response.
 * @param ctx - The action context; `ctx.provider` is the WebAuthn provider.
 * @returns The user and account the passkey signs in.
 * @throws {WebAuthnVerificationError} When the response is malformed, the passkey unknown, the
 * assertion does not verify, or the adapter does not store the new non-zero counter.
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
 * atomically, so only one of them writes. The other is refused as a counter that did not grow is:
 * - when the adapter marks its answer {@link COUNTER_NOT_WRITTEN}: the write did not happen, so
 *   the stored counter is this one (another sign-in stored the same counter first, as a clone
 *   signing at the passkey's state does) or a higher one. WebAuthn refuses a non-zero counter not
 *   greater than the stored one; a counter of 0 that stays 0 (synced passkeys) is no counter and
 *   signs in, its replays stopped by the single-use challenge;
 * - else when the row answered holds another counter than this one (a higher one stored
 *   meanwhile), which is all an adapter without the mark can tell: an equal counter stored by the
 *   other sign-in looks like this one's write, so that clone goes undetected there.
 */
async function advanceCounter(adapter: Adapter, credentialId: string, newCounter: number): Promise<void> {
  const stored = await callAdapter("updateAuthenticatorCounter", () =>
    adapter.updateAuthenticatorCounter!(credentialId, newCounter),
  );
  // An adapter that answers no row cannot tell (Auth.js ignores the answer, and adapters written
  // for it may return nothing): today's rule, by the counter alone, applies to a row without the
  // mark.
  if (stored == null) return;
  if (newCounter !== 0 && (stored as Marked)[COUNTER_NOT_WRITTEN] === true) {
    throw new WebAuthnVerificationError(
      "The passkey's counter did not grow: another sign-in stored it or a higher one (a cloned authenticator?).",
    );
  }
  // Number(): adapters over bigint columns may answer the counter as a string.
  if (stored.counter == null) return;
  if (Number(stored.counter) !== newCounter) {
    throw new WebAuthnVerificationError(
      "The passkey's counter did not grow: another sign-in stored a higher one (a cloned authenticator?).",
    );
  }
}

/** A row as an adapter may answer it from `updateAuthenticatorCounter`: marked when not written. */
type Marked = AdapterAuthenticator & { [COUNTER_NOT_WRITTEN]?: unknown };
