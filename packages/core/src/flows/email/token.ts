/**
 * Verification tokens of magic links: made here, stored only as a salted hash, and used once.
 * The database never holds a usable token, so a leaked `VerificationToken` table signs no one in.
 *
 * @module
 */

import { callAdapter } from "../../adapter/call";
import type { VerificationToken } from "../../adapters";
import type { ActionContext } from "../../context";
import { randomHex, sha256Hex, timingSafeEqual } from "../../crypto/primitives";
import { EmailSignInError, Verification } from "../../errors";
import { adapterDateExpired } from "../../session/expiry";
import type { EmailConfig } from "../../types";

const DAY_SECONDS = 24 * 60 * 60;

/**
 * How long a provider's links and codes live, in seconds: its `maxAge`, a day by default. The
 * codes' attempt window, the newest-code marker and a burned address last as long.
 *
 * @param provider - The email provider.
 * @returns Seconds.
 * @example
 * ```ts
 * const expires = new Date(ctx.now + tokenLifetime(provider) * 1000)
 * ```
 */
export function tokenLifetime(provider: EmailConfig): number {
  return provider.maxAge ?? DAY_SECONDS;
}

/**
 * The stored form of a token: `sha256hex(token + secret)` where `secret` is the provider's own,
 * else the configured secrets joined with "," (a single secret is itself). Auth.js writes the
 * same, so links survive a move between the two.
 *
 * @param token - The raw token from the link.
 * @param provider - The email provider (its `secret` overrides the configuration's).
 * @param ctx - The action context.
 * @returns 64 hex digits.
 * @see WIRE.md "Crypto" (Email token)
 * @example
 * ```ts
 * const stored = await hashVerificationToken(token, provider, ctx)
 * ```
 */
export function hashVerificationToken(
  token: string,
  provider: EmailConfig,
  ctx: ActionContext,
): Promise<string> {
  return sha256Hex(`${token}${provider.secret ?? ctx.config.joinedSecret}`);
}

/**
 * Every stored form a live link may have: the current one first, then, after a rotation (several
 * secrets), the form under each secret alone, which is how a link issued while that secret was
 * the only one was stored. So rotating secrets does not break links already mailed.
 */
async function candidateHashes(token: string, provider: EmailConfig, ctx: ActionContext): Promise<string[]> {
  const current = await hashVerificationToken(token, provider, ctx);
  const { secrets } = ctx.config;
  if (provider.secret !== undefined || secrets.length === 1) return [current];
  return [current, ...(await Promise.all(secrets.map((secret) => sha256Hex(`${token}${secret}`))))];
}

/**
 * A fresh raw token: the provider's `generateVerificationToken`, else 32 random bytes as hex.
 *
 * @param provider - The email provider.
 * @returns The token.
 * @throws {EmailSignInError} When `generateVerificationToken` throws or returns nothing.
 * @example
 * ```ts
 * const token = await generateToken(provider) // 64 hex digits by default
 * ```
 */
export async function generateToken(provider: EmailConfig): Promise<string> {
  let token: unknown;
  try {
    // 32 random bytes: 256 bits, so guessing a live link online is hopeless.
    token = (await provider.generateVerificationToken?.()) ?? randomHex(32);
  } catch (error) {
    throw new EmailSignInError("generateVerificationToken threw.", { cause: error });
  }
  if (typeof token !== "string" || token === "")
    throw new EmailSignInError("generateVerificationToken returned no token.");
  return token;
}

/**
 * Makes a token for an address and stores its hash with its expiry (`provider.maxAge`, default
 * 24 hours from the request time, unless the caller picked it).
 *
 * @param provider - The email provider.
 * @param identifier - The normalised address.
 * @param ctx - The action context.
 * @param expires - The expiry, when the caller picked it (a link mailed with a code shares the code's).
 * @returns The raw token (for the link only) and its expiry.
 * @throws {EmailSignInError} When `generateVerificationToken` throws or returns nothing.
 * @throws {AdapterError} When `createVerificationToken` fails.
 * @example
 * ```ts
 * const { token, expires } = await issueVerificationToken(provider, "ada@example.com", ctx)
 * ```
 */
export async function issueVerificationToken(
  provider: EmailConfig,
  identifier: string,
  ctx: ActionContext,
  expires = new Date(ctx.now + tokenLifetime(provider) * 1000),
): Promise<{ token: string; expires: Date }> {
  const token = await generateToken(provider);
  const row: VerificationToken = {
    identifier,
    token: await hashVerificationToken(token, provider, ctx),
    expires,
  };
  const adapter = ctx.config.adapter!;
  await callAdapter("createVerificationToken", () => adapter.createVerificationToken!(row));
  return { token, expires };
}

/**
 * Uses a token up: the adapter finds it by address and hash and deletes it in the same step, so
 * of two concurrent clicks on one link only one gets it back.
 *
 * @param provider - The email provider.
 * @param identifier - The normalised address from the link.
 * @param token - The raw token from the link.
 * @param ctx - The action context.
 * @returns The stored row, or null when there was none (wrong, used, or another address's).
 * @throws {AdapterError} When `useVerificationToken` fails.
 * @example
 * ```ts
 * await consumeVerificationToken(provider, identifier, token, ctx) // the token is gone afterwards
 * ```
 */
export async function consumeVerificationToken(
  provider: EmailConfig,
  identifier: string,
  token: string,
  ctx: ActionContext,
): Promise<VerificationToken | null> {
  const adapter = ctx.config.adapter!;
  for (const hash of await candidateHashes(token, provider, ctx)) {
    const row = await callAdapter("useVerificationToken", () =>
      adapter.useVerificationToken!({ identifier, token: hash }),
    );
    if (!row) continue;
    // An adapter that ignores the identifier (some user-land ones look up by token only) must not
    // let a link for one address sign in another, so both fields are checked again here.
    return row.identifier === identifier && timingSafeEqual(row.token, hash) ? row : null;
  }
  return null;
}

/**
 * Checks a magic link and uses it up: the token must exist for this address and must not have
 * expired (`expires <= ctx.now` counts as expired; an expired token is deleted all the same). An
 * `expires` that is not a valid Date (missing, a string, a number) counts as expired too.
 *
 * @param provider - The email provider.
 * @param identifier - The normalised address from the link.
 * @param token - The raw token from the link.
 * @param ctx - The action context.
 * @throws {Verification} When the link is wrong, used, for another address or expired.
 * @throws {AdapterError} When `useVerificationToken` fails.
 * @example
 * ```ts
 * await redeemVerificationToken(provider, identifier, req.query.token, ctx)
 * ```
 */
export async function redeemVerificationToken(
  provider: EmailConfig,
  identifier: string,
  token: string,
  ctx: ActionContext,
): Promise<void> {
  const row = await consumeVerificationToken(provider, identifier, token, ctx);
  if (!row) throw new Verification("The sign-in link is unknown, already used, or for another address.");
  if (adapterDateExpired(row.expires, ctx.now, "useVerificationToken", ctx.config.logger))
    throw new Verification("The sign-in link has expired.");
}
