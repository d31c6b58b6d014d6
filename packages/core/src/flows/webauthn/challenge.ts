/**
 * The WebAuthn challenge cookie. The options request makes a random challenge that the browser
 * has the authenticator sign; the callback must check the signed challenge against the one we
 * issued, without any server-side store. So the challenge travels in a cookie, sealed twice as
 * WIRE.md says: an inner JWE (salt `encodedWebauthnChallenge`) of `{challenge, action, user?}`,
 * wrapped in the cookie's JWE (salt = the cookie's name) of `{value, provider}`. Encryption keeps
 * the registering user's details private and unforgeable, the provider binding stops a challenge
 * made for one provider from completing another's ceremony, and both layers expire on their own.
 *
 * @see WIRE.md, section "Crypto"
 */
import { CHECK_COOKIE_MAX_AGE } from "../../config/cookies";
import type { ActionContext, AuthRequest } from "../../context";
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
 * Seals a challenge into the challenge cookie, bound to the provider.
 *
 * @param challenge - The challenge, its action and, for a registration, the user.
 * @param provider - The WebAuthn provider the ceremony belongs to.
 * @param ctx - The action context (secrets, cookie names, clock).
 * @returns The Set-Cookie, with `Max-Age` and `Expires` of the challenge lifetime.
 * @throws {MissingSecret} When no secret is configured.
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
  return { name, value: sealed, options: { ...options, maxAge, expires: new Date(ctx.now + maxAge * 1000) } };
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
