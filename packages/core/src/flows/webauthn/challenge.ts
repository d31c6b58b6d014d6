/**
 * The WebAuthn challenge cookie. The options request makes a random challenge that the browser
 * has the authenticator sign; the callback must check the signed challenge against the one we
 * issued. So the challenge travels in a cookie, sealed twice as WIRE.md says: an inner JWE (salt
 * `encodedWebauthnChallenge`) of `{challenge, action, user?}`, wrapped in the cookie's JWE (salt =
 * the cookie's name) of `{value, provider}`. Encryption keeps the registering user's details
 * private and unforgeable, the provider binding stops a challenge made for one provider from
 * completing another's ceremony, and both layers expire on their own.
 *
 * A cookie cannot be taken back, though: clearing it only stops the browser that held it. So each
 * challenge is also recorded through the adapter's verification tokens when issued and taken
 * (found and deleted in one step) when used, and a challenge that is not there any more is refused.
 *
 * @see WIRE.md, section "Crypto"
 */
import { callAdapter } from "../../adapter/call";
import { CHECK_COOKIE_MAX_AGE } from "../../config/cookies";
import type { ActionContext, AuthRequest } from "../../context";
import { sha256Hex, timingSafeEqual } from "../../crypto/primitives";
import { WebAuthnVerificationError } from "../../errors";
import type { SetCookie } from "../../http/cookies";
import { decode, encode } from "../../jwt";
import type { User, WebAuthnConfig } from "../../types";

/** The key-derivation salt of the inner challenge token. */
export const CHALLENGE_SALT = "encodedWebauthnChallenge";

/** What a challenge cookie carries. */
export interface Challenge {
  /** The base64url challenge sent in the options. */
  challenge: string;
  /** The ceremony the challenge was issued for. */
  action: "register" | "authenticate";
  /** For a registration: the user the new passkey is for (with an id when already stored). */
  user?: Pick<User, "id" | "email" | "name" | "image">;
}

/** Challenge lifetime in seconds: the provider's `timeout`, else 15 minutes. */
function lifetime(provider: WebAuthnConfig): number {
  const { timeout } = provider;
  return typeof timeout === "number" && timeout > 0 ? timeout : CHECK_COOKIE_MAX_AGE;
}

/**
 * The verification-token row that records an unspent challenge. The identifier is no email
 * address (it has no `@`), so it never meets the email provider's rows; the token is a hash, so
 * the table does not hold challenges, which the callback accepts for as long as they are unspent.
 */
async function challengeRow(challenge: string, providerId: string) {
  return { identifier: `webauthn-challenge:${providerId}`, token: await sha256Hex(challenge) };
}

/**
 * Seals a challenge into the challenge cookie, bound to the provider, and records it (one
 * `createVerificationToken`, expiring with the cookie) so that the callback can spend it once.
 *
 * @param challenge - The challenge, its action and, for a registration, the user.
 * @param provider - The WebAuthn provider the ceremony belongs to.
 * @param ctx - The action context (secrets, cookie names, clock, adapter).
 * @returns The Set-Cookie, with `Max-Age` and `Expires` of the challenge lifetime.
 * @throws {MissingSecret} When no secret is configured.
 * @throws {AdapterError} When `createVerificationToken` fails.
 * @example
 * ```ts
 * const cookie = await sealChallenge({ challenge: options.challenge, action: "authenticate" }, provider, ctx)
 * ```
 */
export async function sealChallenge(
  challenge: Challenge,
  provider: WebAuthnConfig,
  ctx: ActionContext,
): Promise<SetCookie> {
  const { name, options } = ctx.cookies.webauthnChallenge;
  const maxAge = lifetime(provider);
  const common = { secret: ctx.config.secrets, maxAge, now: ctx.now };
  const value = await encode({ ...common, token: challenge, salt: CHALLENGE_SALT });
  const sealed = await encode({ ...common, token: { value, provider: provider.id }, salt: name });
  const expires = new Date(ctx.now + maxAge * 1000);
  const row = { ...(await challengeRow(challenge.challenge, provider.id)), expires };
  const adapter = ctx.config.adapter!;
  await callAdapter("createVerificationToken", () => adapter.createVerificationToken!(row));
  return { name, value: sealed, options: { ...options, maxAge, expires } };
}

function isChallenge(payload: Partial<Challenge> | null): payload is Challenge {
  if (!payload || typeof payload.challenge !== "string" || payload.challenge === "") return false;
  if (payload.action === "authenticate") return true;
  return payload.action === "register" && typeof payload.user?.email === "string";
}

/**
 * Reads and checks the request's challenge cookie.
 *
 * @param providerId - The provider the cookie must be bound to.
 * @param req - The callback request.
 * @param ctx - The action context.
 * @returns The challenge.
 * @throws {WebAuthnVerificationError} When the cookie is missing, expired, altered or made for
 * another provider: the ceremony was not started here, or took too long.
 * @example
 * ```ts
 * const { challenge, action, user } = await readChallenge("passkey", req, ctx)
 * ```
 */
export async function readChallenge(
  providerId: string,
  req: AuthRequest,
  ctx: ActionContext,
): Promise<Challenge> {
  const { name } = ctx.cookies.webauthnChallenge;
  const cookie = req.cookies.get(name);
  if (!cookie) throw new WebAuthnVerificationError("The WebAuthn challenge cookie is missing.");
  const common = { secret: ctx.config.secrets, now: ctx.now };
  const outer = await decode<{ value?: unknown; provider?: unknown }>({
    ...common,
    token: cookie,
    salt: name,
  });
  if (!outer || typeof outer.value !== "string") {
    throw new WebAuthnVerificationError("The WebAuthn challenge cookie expired or was altered.");
  }
  if (outer.provider !== providerId) {
    throw new WebAuthnVerificationError("The WebAuthn challenge was made for another provider.");
  }
  const inner = await decode<Partial<Challenge>>({ ...common, token: outer.value, salt: CHALLENGE_SALT });
  if (!isChallenge(inner)) {
    throw new WebAuthnVerificationError("The WebAuthn challenge expired or was altered.");
  }
  return { challenge: inner.challenge, action: inner.action, user: inner.user };
}

/**
 * Spends a challenge read from the cookie: takes its row (`useVerificationToken`, which finds and
 * deletes in one step), so of two posts of one challenge, from any browser or process, one gets
 * it. This is what makes a challenge single-use: a captured form post replayed with its cookie
 * verifies otherwise, and the signature counter cannot tell, as synced passkeys always report 0.
 *
 * @param challenge - The challenge cookie's content.
 * @param providerId - The provider the challenge was issued for.
 * @param ctx - The action context.
 * @throws {WebAuthnVerificationError} When the challenge was spent already, or its row expired.
 * @throws {AdapterError} When `useVerificationToken` fails: the challenge is then not accepted.
 * @example
 * ```ts
 * await spendChallenge(challenge, "passkey", ctx)
 * ```
 */
export async function spendChallenge(
  challenge: Challenge,
  providerId: string,
  ctx: ActionContext,
): Promise<void> {
  const { identifier, token } = await challengeRow(challenge.challenge, providerId);
  const adapter = ctx.config.adapter!;
  const row = await callAdapter("useVerificationToken", () =>
    adapter.useVerificationToken!({ identifier, token }),
  );
  // As for email tokens: an adapter that looks rows up by token alone must not mix kinds of row.
  const taken = row && row.identifier === identifier && timingSafeEqual(row.token, token) ? row : null;
  if (!taken || new Date(taken.expires).getTime() <= ctx.now) {
    throw new WebAuthnVerificationError("The WebAuthn challenge was used already.");
  }
}

/**
 * The Set-Cookie that deletes the challenge cookie, so one challenge completes one ceremony.
 *
 * @param ctx - The action context.
 * @returns The deleting cookie.
 * @example
 * ```ts
 * const result = { redirect, cookies: [clearChallenge(ctx)] }
 * ```
 */
export function clearChallenge(ctx: ActionContext): SetCookie {
  const { name, options } = ctx.cookies.webauthnChallenge;
  return { name, value: "", options: { ...options, maxAge: 0, expires: new Date(0) } };
}
