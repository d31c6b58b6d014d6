/**
 * The registration ceremony's callback: verify the new passkey, then store it with its account
 * (and its user, on a first sign-up) once the `signIn` callback has allowed the sign-in.
 */
import type { RegistrationResponseJSON } from "@simplewebauthn/server";
import { callAdapter } from "../../adapter/call";
import { sameId } from "../../adapter/ids";
import type { AdapterAuthenticator } from "../../adapters";
import type { ActionContext, AuthRequest } from "../../context";
import { WebAuthnVerificationError } from "../../errors";
import { currentSession } from "../../session/current-user";
import type { Account, User, WebAuthnConfig } from "../../types";
import { type ResolvedAccount, resolveAccount } from "../account";
import type { Challenge } from "./challenge";
import { joinTransports, legacyCredentialId, parseCredential, toBase64 } from "./credential";
import { simpleWebAuthn } from "./library";
import { relyingParty } from "./relying-party";

/** A verified registration, not yet stored. */
export interface VerifiedRegistration {
  account: Account;
  /** The user the passkey is for and how `save()` stores them (see {@link resolveAccount}). */
  resolved: ResolvedAccount;
  /** The authenticator row, without its user id (known once the user is stored). */
  authenticator: Omit<AdapterAuthenticator, "userId">;
}

async function verify(
  response: RegistrationResponseJSON,
  challenge: Challenge,
  provider: WebAuthnConfig,
  ctx: ActionContext,
) {
  const rp = relyingParty(provider, ctx);
  const { verifyRegistrationResponse } = await simpleWebAuthn();
  try {
    const result = await verifyRegistrationResponse({
      ...provider.verifyRegistrationOptions,
      response,
      expectedChallenge: challenge.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
    });
    if (result.verified) return result.registrationInfo;
  } catch (cause) {
    throw new WebAuthnVerificationError("The passkey registration did not verify.", { cause });
  }
  throw new WebAuthnVerificationError("The passkey registration did not verify.");
}

/**
 * Refuses a registration completed by someone other than the one it was started for. The options
 * (and the authenticator's dialog) named one person: the signed-in user, whose id the challenge
 * carries, or, signed out, a new account's address. A session cookie planted in the browser
 * between the options and the callback must not receive the passkey.
 */
async function checkSameUser(challenge: Challenge, req: AuthRequest, ctx: ActionContext): Promise<void> {
  const current = await currentSession(req, ctx);
  const expected = challenge.user?.id;
  if (expected !== undefined && !sameId(current?.user.id, expected)) {
    throw new WebAuthnVerificationError(
      "The passkey registration was started for another user than the signed-in one.",
    );
  }
  if (expected === undefined && current !== null) {
    throw new WebAuthnVerificationError(
      "The passkey sign-up was started signed out but completed signed in.",
    );
  }
}

/**
 * Refuses a credential id that is stored already, in either of its forms. A credential is
 * registered once: posting the same registration again must not sign anyone in as the passkey's
 * owner. And the id is not a secret (options list it), so a new key claiming, in base64url, the
 * id of a row Auth.js keyed in standard base64 would otherwise be stored under the form sign-in
 * looks up first, and the owner's passkey would stop working.
 */
async function refuseKnownCredential(credentialId: string, ctx: ActionContext): Promise<void> {
  const adapter = ctx.config.adapter!;
  const legacyId = legacyCredentialId(credentialId);
  for (const id of legacyId === credentialId ? [credentialId] : [credentialId, legacyId]) {
    if (await callAdapter("getAuthenticator", () => adapter.getAuthenticator!(id))) {
      throw new WebAuthnVerificationError("This passkey is registered already.");
    }
  }
}

/**
 * Verifies a registration response against the challenge (challenge, origin, RP id, user
 * verification as configured) and decides, without writing anything, which user the passkey
 * joins: the signed-in user the options were made for, or a new user with the challenge's email.
 *
 * @param challenge - The challenge cookie's content, with the user the options were made for.
 * @param req - The callback request; its `data` field holds the response.
 * @param ctx - The action context; `ctx.provider` is the WebAuthn provider.
 * @returns The account, the resolved user and the authenticator row to store.
 * @throws {WebAuthnVerificationError} When the response is malformed or does not verify, when
 * the signed-in user (or, for a sign-up, anyone signed in) is not who the challenge was issued
 * for, or when it names a passkey that is registered already (under its base64url or its
 * standard base64 id).
 * @throws {OAuthAccountNotLinked} When, signed out, the email now belongs to an existing user.
 * @throws {AdapterError} When an adapter call fails.
 * @see https://www.w3.org/TR/webauthn-3/#sctn-registering-a-new-credential
 * @example
 * ```ts
 * const { resolved, account, authenticator } = await verifyRegistration(challenge, req, ctx)
 * ```
 */
export async function verifyRegistration(
  challenge: Challenge,
  req: AuthRequest,
  ctx: ActionContext,
): Promise<VerifiedRegistration> {
  const provider = ctx.provider as WebAuthnConfig;
  const response = parseCredential<RegistrationResponseJSON>(req.body?.data);
  const info = await verify(response, challenge, provider, ctx);
  await checkSameUser(challenge, req, ctx);
  const { credential } = info;
  await refuseKnownCredential(credential.id, ctx);
  const account: Account = { provider: provider.id, providerAccountId: credential.id, type: "webauthn" };
  const user: User = {
    email: challenge.user?.email,
    name: challenge.user?.name,
    image: challenge.user?.image,
  };
  const resolved = await resolveAccount({ user, account }, req, ctx);
  return {
    account,
    resolved,
    authenticator: {
      credentialID: credential.id,
      providerAccountId: credential.id,
      credentialPublicKey: toBase64(credential.publicKey),
      counter: credential.counter,
      credentialDeviceType: info.credentialDeviceType,
      credentialBackedUp: info.credentialBackedUp,
      transports: joinTransports(credential.transports ?? response.response.transports),
    },
  };
}

/** Removes what `save()` wrote (best effort: the adapter error that led here is what matters). */
async function undoSave(
  registration: VerifiedRegistration,
  userId: string,
  ctx: ActionContext,
): Promise<void> {
  const adapter = ctx.config.adapter!;
  const { provider, providerAccountId } = registration.account;
  try {
    if (registration.resolved.isNewUser) await adapter.deleteUser?.(userId);
    else await adapter.unlinkAccount?.({ provider, providerAccountId });
  } catch {
    // Nothing more can be done here; the failure of createAuthenticator is reported.
  }
}

/**
 * Stores a verified registration: the user and account (through `save()`), then the
 * authenticator. When the authenticator cannot be stored, what `save()` wrote is removed again
 * (best effort), so a failed registration leaves no account that no passkey can sign in to.
 *
 * @param registration - The verified registration.
 * @param ctx - The action context.
 * @returns The stored user.
 * @throws {AdapterError} When an adapter call fails.
 * @example
 * ```ts
 * const user = await saveRegistration(registration, ctx)
 * ```
 */
export async function saveRegistration(
  registration: VerifiedRegistration,
  ctx: ActionContext,
): Promise<User> {
  const adapter = ctx.config.adapter!;
  const user = await registration.resolved.save();
  const userId = user.id!;
  try {
    await callAdapter("createAuthenticator", () =>
      adapter.createAuthenticator!({ ...registration.authenticator, userId }),
    );
  } catch (error) {
    await undoSave(registration, userId, ctx);
    throw error;
  }
  return user;
}
