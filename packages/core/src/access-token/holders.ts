/**
 * Where the signed-in user's upstream tokens of a provider live, behind one interface: the
 * account row of the adapter (any session strategy with an adapter), or the session JWT (JWT
 * sessions without one, for providers with `keepTokensInJwt`).
 *
 * @module
 */
import { callAdapter } from "../adapter/call";
import type { AdapterAccount } from "../adapters";
import type { ActionContext, AuthRequest } from "../context";
import { sha256Hex } from "../crypto/primitives";
import { MissingAdapterMethods } from "../errors";
import type { SetCookie } from "../http/cookies";
import { databaseStrategy } from "../session/database";
import { readSessionToken, sessionTokenCookies } from "../session/jwt";
import type { TokenSet } from "../types";
import { keptTokens, withKeptTokens } from "./claim";

/** The tokens of one account, and how to read them again and store new ones. */
export interface TokenHolder {
  /** The account at the provider. */
  providerAccountId: string;
  /** The tokens as read. */
  tokens: TokenSet;
  /**
   * True when other processes see what `save` stores (the adapter): a refresh then takes the
   * lease, and a waiting or refused refresh reads the tokens again.
   */
  shared: boolean;
  /** Keys this process's single flight: the same key, the same refresh. */
  flightKey: string;
  /** The tokens as stored now (null when the account is gone). */
  reread(): Promise<TokenSet | null>;
  /**
   * Why `save` cannot work, known before refreshing (the adapter lacks `updateAccount`): then no
   * refresh is asked for, since its answer, the rotated refresh token included, would be lost.
   */
  cannotSave?: MissingAdapterMethods;
  /**
   * Stores refreshed tokens.
   *
   * @param tokens - The whole new set.
   * @param changes - What changed, for a partial update (null clears a field).
   * @returns The cookies to set (a re-issued session JWT), possibly none.
   */
  save(tokens: TokenSet, changes: Record<string, unknown>): Promise<SetCookie[]>;
}

/** The fields of an account that say whose it is rather than what it holds. */
const ACCOUNT_KEYS = ["provider", "type", "providerAccountId", "userId"] as const;

/**
 * An account's `expires_at` as a number of seconds. The column is an integer, and databases hand
 * wide integers back in other types: Prisma a `bigint` for a `BigInt` field, node-postgres a
 * decimal string for a `bigint` column (@auth/pg-adapter's schema). Read as "no expiry", such a
 * token would be refreshed on every call, or refused as expired without a refresh token.
 */
function secondsOf(value: unknown): unknown {
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "string" && /^\d{1,15}$/.test(value)) return Number(value);
  return value;
}

function tokensOf(account: AdapterAccount): TokenSet {
  const tokens: Record<string, unknown> = { ...account, expires_at: secondsOf(account.expires_at) };
  for (const key of ACCOUNT_KEYS) delete tokens[key];
  return tokens as TokenSet;
}

function expiry(account: AdapterAccount): number {
  const seconds = secondsOf(account.expires_at);
  return typeof seconds === "number" ? seconds : 0;
}

function missingMethod(method: string, purpose: string): MissingAdapterMethods {
  return new MissingAdapterMethods(
    `getAccessToken ${purpose} with the adapter's ${method}, which this adapter lacks. Implement it or use an adapter that has it (the memory and SQL adapters do).`,
  );
}

/** The holder of a user's account of a provider in the adapter, or null when there is none. */
async function accountHolder(
  userId: string,
  providerId: string,
  ctx: ActionContext,
): Promise<TokenHolder | null> {
  const adapter = ctx.config.adapter!;
  const listAccounts = adapter.listAccountsByUser?.bind(adapter);
  if (!listAccounts) throw missingMethod("listAccountsByUser", "finds the signed-in user's account");
  const accounts = (await callAdapter("listAccountsByUser", () => listAccounts(userId))).filter(
    (account) => account.provider === providerId,
  );
  if (accounts.length === 0) return null;
  // A user with two accounts of one provider (linked one after the other): the one whose token
  // lasts longest, which is the one used (and refreshed) last.
  const account = accounts.reduce((best, next) => (expiry(next) > expiry(best) ? next : best));
  const { providerAccountId } = account;
  return {
    providerAccountId,
    tokens: tokensOf(account),
    shared: true,
    flightKey: JSON.stringify([providerId, providerAccountId]),
    async reread() {
      const found = adapter.getAccount
        ? await callAdapter("getAccount", () => adapter.getAccount!(providerAccountId, providerId))
        : (await callAdapter("listAccountsByUser", () => listAccounts(userId))).find(
            (a) => a.provider === providerId && a.providerAccountId === providerAccountId,
          );
      return found ? tokensOf(found) : null;
    },
    ...(adapter.updateAccount
      ? {}
      : { cannotSave: missingMethod("updateAccount", "stores refreshed tokens") }),
    async save(_tokens, changes) {
      await callAdapter("updateAccount", () =>
        adapter.updateAccount!({ ...changes, provider: providerId, providerAccountId }),
      );
      return [];
    },
  };
}

/**
 * The holder of the signed-in user's tokens of a provider, or null when the request is signed
 * out or the user has no tokens of that provider.
 *
 * @param providerId - The provider.
 * @param req - The request (its session cookie).
 * @param ctx - The action context.
 * @returns The holder, or null.
 * @throws {MissingAdapterMethods} When the adapter lacks `listAccountsByUser`.
 * @throws {AdapterError} When the adapter fails.
 * @example
 * ```ts
 * const holder = await tokenHolder("github", req, ctx)
 * ```
 */
export async function tokenHolder(
  providerId: string,
  req: AuthRequest,
  ctx: ActionContext,
): Promise<TokenHolder | null> {
  const { config } = ctx;
  if (config.session.strategy === "database") {
    const identity = await databaseStrategy.identify(req, ctx);
    return identity && accountHolder(identity.userId, providerId, ctx);
  }
  const token = await readSessionToken(req, ctx);
  if (!token) return null;
  if (config.adapter) return typeof token.sub === "string" ? accountHolder(token.sub, providerId, ctx) : null;
  const kept = keptTokens(token, providerId);
  if (!kept) return null;
  const { providerAccountId, ...tokens } = kept;
  // No other process can see this cookie's tokens; the flight is keyed by the refresh token, so
  // requests carrying the same session share one refresh, and later ones with the old cookie
  // get its answer.
  const secretless = String(tokens.refresh_token ?? tokens.access_token ?? "");
  return {
    providerAccountId,
    tokens,
    shared: false,
    flightKey: JSON.stringify([providerId, providerAccountId, await sha256Hex(secretless)]),
    reread: async () => tokens,
    save: (next) =>
      sessionTokenCookies(withKeptTokens(token, providerId, { ...next, providerAccountId }), req, ctx),
  };
}
