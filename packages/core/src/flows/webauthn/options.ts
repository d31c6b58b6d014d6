/**
 * GET webauthn-options/{provider}: the options the browser passes to `navigator.credentials`
 * (`create` to register a passkey, `get` to sign in with one), plus the challenge cookie the
 * callback checks them against.
 */

import { callAdapter } from "../../adapter/call";
import type { AdapterAuthenticator } from "../../adapters";
import type { ActionContext, AuthRequest, AuthResult } from "../../context";
import { NO_STORE } from "../../http/response";
import { currentSession, recentEnoughToLink, whyNotRecent } from "../../session/current-user";
import type { User, WebAuthnConfig } from "../../types";
import { sealChallenge } from "./challenge";
import { splitTransports } from "./credential";
import { decideAction, type WebAuthnAction } from "./decide";
import { simpleWebAuthn } from "./library";
import { relyingParty } from "./relying-party";
import { type UserInfo, userInfo } from "./user-info";

function invalid(error: "Invalid action" | "Invalid request" | "No passkey"): AuthResult {
  return { status: 400, headers: NO_STORE, body: { error } };
}

async function authenticators(user: User | undefined, ctx: ActionContext): Promise<AdapterAuthenticator[]> {
  const userId = user?.id;
  if (!userId) return [];
  const adapter = ctx.config.adapter!;
  return callAdapter("listAuthenticatorsByUserId", () => adapter.listAuthenticatorsByUserId!(userId));
}

function descriptors(rows: AdapterAuthenticator[]) {
  return rows.map((row) => ({ id: row.credentialID, transports: splitTransports(row.transports) }));
}

async function registration(provider: WebAuthnConfig, user: User & { email: string }, ctx: ActionContext) {
  const rp = relyingParty(provider, ctx);
  const existing = await authenticators(user, ctx);
  // userID is left to the library (32 random bytes): passkeys are found by credential id, so
  // the authenticator never needs to learn, or leak, our user id.
  const { generateRegistrationOptions } = await simpleWebAuthn();
  return generateRegistrationOptions({
    ...provider.registrationOptions,
    rpID: rp.id,
    rpName: rp.name,
    userName: user.email,
    userDisplayName: user.name ?? user.email,
    // A user who already has passkeys must not register the same authenticator twice.
    excludeCredentials: descriptors(existing),
  });
}

async function authentication(
  provider: WebAuthnConfig,
  existing: AdapterAuthenticator[],
  ctx: ActionContext,
) {
  const { generateAuthenticationOptions } = await simpleWebAuthn();
  return generateAuthenticationOptions({
    ...provider.authenticationOptions,
    rpID: relyingParty(provider, ctx).id,
    // Without a known user, any discoverable passkey of this site may answer.
    allowCredentials: existing.length > 0 ? descriptors(existing) : undefined,
  });
}

/** The user a registration is for, kept small for the challenge cookie; needs an email. */
function registerUser({ user, exists }: UserInfo): (User & { email: string }) | undefined {
  if (typeof user.email !== "string" || user.email === "") return undefined;
  // Only a stored user's id means anything; a new user gets one when created.
  const id = exists ? user.id : undefined;
  return { id, email: user.email, name: user.name ?? undefined, image: user.image ?? undefined };
}

/**
 * Answers an options request: 200 `{action, options}` with the challenge cookie; 400
 * `{error: "Invalid action"}` for an `action` other than `register` or `authenticate`; 400
 * `{error: "Invalid request"}` when the ceremony cannot be decided (see {@link decideAction}) or a
 * registration has no email; 400 `{error: "No passkey"}` when a signed-out request names a user
 * (by `email` or `getUserInfo`) to authenticate who has no passkey with this site. Registration
 * options exclude the user's passkeys; authentication options allow only the named user's
 * passkeys, or, when nobody is named, any discoverable one.
 *
 * @param req - The GET request; `action` and (by default) `email` are read from its query.
 * @param ctx - The action context; `ctx.provider` is a WebAuthn provider.
 * @returns The JSON answer.
 * @throws {AdapterError} When an adapter call fails.
 * @see WIRE.md, "webauthn-options/{id}"
 * @example
 * ```ts
 * const result = await webauthnOptions(req, ctx) // { body: { action: "register", options }, cookies }
 * ```
 */
export async function webauthnOptions(req: AuthRequest, ctx: ActionContext): Promise<AuthResult> {
  const provider = ctx.provider as WebAuthnConfig;
  const requested = req.query.action;
  if (requested !== undefined && requested !== "register" && requested !== "authenticate") {
    return invalid("Invalid action");
  }
  const session = await currentSession(req, ctx);
  const current = session?.user ?? null;
  const info = current ? { user: current, exists: true } : await userInfo(provider, req, ctx);
  const action: WebAuthnAction | null = decideAction(requested, current !== null, info);
  if (action === "register" && session && !recentEnoughToLink(session, ctx.config, ctx.now)) {
    // A passkey added to a planted session would open the planter's account with the victim's key.
    ctx.config.logger.debug(`Passkey registration refused: ${whyNotRecent(session, ctx.config, ctx.now)}`);
    return invalid("Invalid request");
  }
  if (action === "authenticate") {
    const existing = await authenticators(info?.exists ? info.user : undefined, ctx);
    // The visitor typed an address that has no passkey: offering every passkey on the device
    // instead would sign them in as whoever owns the one they pick, not as the address they typed.
    if (!current && info && existing.length === 0) return invalid("No passkey");
    const options = await authentication(provider, existing, ctx);
    const cookie = await sealChallenge({ challenge: options.challenge, action }, provider, ctx);
    return { headers: NO_STORE, body: { action, options }, cookies: [cookie] };
  }
  const user = action === "register" && info ? registerUser(info) : undefined;
  if (!user) return invalid("Invalid request");
  const options = await registration(provider, user, ctx);
  const cookie = await sealChallenge(
    { challenge: options.challenge, action: "register", user },
    provider,
    ctx,
  );
  return { headers: NO_STORE, body: { action: "register", options }, cookies: [cookie] };
}
