/**
 * Upstream tokens kept in the session JWT (providers with `keepTokensInJwt`, no adapter): one
 * reserved claim holding, per provider id, the provider account id and what the provider's
 * `account(tokens)` kept at sign-in or after the last refresh.
 *
 * @module
 */
import type { InternalConfig } from "../config/normalize";
import type { Account, JWT, TokenSet } from "../types";

/** The reserved claim. */
export const UPSTREAM_CLAIM = "upstream_tokens";

/** What the claim holds for one provider. */
export type KeptTokens = TokenSet & { providerAccountId: string };

/** The fields of an account that say whose it is rather than what it holds. */
const ACCOUNT_KEYS = new Set(["provider", "type", "providerAccountId", "userId"]);

/**
 * The claim to add to a new session JWT for a sign-in with `account`, when its provider keeps
 * tokens there and the configuration has no adapter; otherwise nothing.
 *
 * @param account - The account of the sign-in (null for credentials and email sign-ins).
 * @param config - The normalised configuration.
 * @returns The claim as an object to spread into the token, possibly empty.
 * @example
 * ```ts
 * const token = { sub: user.id, ...upstreamClaim(account, ctx.config) }
 * ```
 */
export function upstreamClaim(account: Account | null | undefined, config: InternalConfig): JWT {
  if (!account || config.adapter) return {};
  const provider = config.providerById.get(account.provider) as { keepTokensInJwt?: unknown } | undefined;
  if (provider?.keepTokensInJwt !== true) return {};
  const kept: Record<string, unknown> = { providerAccountId: account.providerAccountId };
  for (const [key, value] of Object.entries(account))
    if (!ACCOUNT_KEYS.has(key) && value !== undefined && value !== null) kept[key] = value;
  return { [UPSTREAM_CLAIM]: { [account.provider]: kept } };
}

/**
 * The tokens a session JWT keeps for a provider, if any.
 *
 * @param token - The decoded session JWT.
 * @param providerId - The provider's id.
 * @returns The kept tokens, or undefined.
 * @example
 * ```ts
 * const kept = keptTokens(token, "github")?.access_token
 * ```
 */
export function keptTokens(token: JWT, providerId: string): KeptTokens | undefined {
  const claim = token[UPSTREAM_CLAIM];
  if (typeof claim !== "object" || claim === null) return undefined;
  const kept = (claim as Record<string, unknown>)[providerId];
  if (typeof kept !== "object" || kept === null) return undefined;
  const { providerAccountId } = kept as { providerAccountId?: unknown };
  return typeof providerAccountId === "string" ? (kept as KeptTokens) : undefined;
}

/**
 * The session JWT with a provider's kept tokens replaced.
 *
 * @param token - The decoded session JWT.
 * @param providerId - The provider's id.
 * @param kept - The new tokens.
 * @returns A new token object; the others providers' tokens are kept.
 * @example
 * ```ts
 * const next = withKeptTokens(token, "github", { ...kept, access_token: "new" })
 * ```
 */
export function withKeptTokens(token: JWT, providerId: string, kept: KeptTokens): JWT {
  const claim = token[UPSTREAM_CLAIM];
  const others = typeof claim === "object" && claim !== null ? claim : {};
  return { ...token, [UPSTREAM_CLAIM]: { ...others, [providerId]: kept } };
}

/**
 * The token without the reserved claim, for the `session` callback: the tokens are the server's,
 * and a callback copying the token into the session must not hand them to the browser.
 *
 * @param token - The decoded session JWT.
 * @returns The token itself when it has no such claim, else a copy without it.
 * @example
 * ```ts
 * await callbacks.session({ session, token: withoutUpstream(token) })
 * ```
 */
export function withoutUpstream(token: JWT): JWT {
  if (!(UPSTREAM_CLAIM in token)) return token;
  const { [UPSTREAM_CLAIM]: _dropped, ...rest } = token;
  return rest;
}
