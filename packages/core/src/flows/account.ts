/**
 * Account resolution: which user a sign-in with an external account (OAuth, OIDC, or any account
 * keyed by provider and provider account id) signs in, and which rows that needs. It is split in two so the `signIn` callback can run between
 * them: {@link resolveAccount} only reads and decides (and rejects what must be rejected), and
 * `save()` writes the user and the account link and fires their events. A sign-in the callback
 * refuses therefore leaves nothing behind.
 */

import { callAdapter } from "../adapter/call";
import type { AdapterAccount, AdapterUser } from "../adapters";
import type { ActionContext, AuthRequest } from "../context";
import { sha256Hex } from "../crypto/primitives";
import { AccountNotLinked, OAuthAccountNotLinked } from "../errors";
import { emit } from "../events";
import { currentSession, recentEnoughToLink, whyNotRecent } from "../session/current-user";
import type { Account, Profile, User } from "../types";
import { isNormalizedEmailAddress } from "./email/normalize";
import { createUserWithAccount } from "./new-user";

/** A sign-in to resolve: the provider's user, the account, and the raw profile. */
export interface AccountSignIn {
  user: User;
  account: Account;
  profile?: Profile;
}

/** The outcome of {@link resolveAccount}. */
export interface ResolvedAccount {
  /** The user that signs in: the stored user when known, else the one `save()` will create. */
  user: User | AdapterUser;
  /**
   * True when `save()` creates the user. Read it after `save()`: a first sign-in that loses a race
   * to another of the same account signs in that one's user, and this turns false.
   */
  isNewUser: boolean;
  /** Writes what the sign-in needs (user, account link) and fires its events; returns the user. */
  save(): Promise<User | AdapterUser>;
}

function done(user: User | AdapterUser, isNewUser = false): ResolvedAccount {
  return { user, isNewUser, save: async () => user };
}

/**
 * Whether the provider links by email (`allowDangerousEmailAccountLinking`) and the address is
 * one a magic link would name the same way: an address that only normalisation would turn into a
 * user's (`\u212Aate@` into `kate@`, in a database that folds them alike) is another mailbox at
 * the provider, so it is never linked by.
 */
function allowsEmailLinking(ctx: ActionContext, email: string): boolean {
  const provider = ctx.provider as { allowDangerousEmailAccountLinking?: unknown } | undefined;
  return provider?.allowDangerousEmailAccountLinking === true && isNormalizedEmailAddress(email);
}

/**
 * The user id of a sign-in without an adapter, where no user row exists to give one: a UUID
 * (version 8) made from the provider's id and the account's id at that provider. Stable, so every
 * session of one account is one user's (listed together, signed out everywhere together, found by
 * a back-channel logout's `sub`); and never the provider's own id, which another provider may give
 * another person (`alice` at two identity providers, or the same number at GitHub and Discord).
 * Auth.js gives such a sign-in a random id; the provider's id stays `account.providerAccountId`.
 *
 * @param provider - The provider's id in the configuration.
 * @param providerAccountId - The account's id at that provider.
 * @returns The user id.
 * @example
 * ```ts
 * await accountUserId("github", "12345") // "9c0f…-…-8…" (the same for every sign-in of that account)
 * ```
 */
export async function accountUserId(provider: string, providerAccountId: string): Promise<string> {
  const hex = await sha256Hex(JSON.stringify(["portcullis:account-user", provider, providerAccountId]));
  const variant = ((Number.parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The form of {@link accountUserId}'s ids: a version 8 UUID, in lower case. */
const ACCOUNT_USER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * Whether an id has the form {@link accountUserId} gives. Anyone can compute the id of someone's
 * account from public facts (a provider id, a GitHub user number), so without an adapter no other
 * sign-in may take an id of this form: a credentials `authorize` that answers a name the visitor
 * chose as the id would otherwise make the visitor that OAuth user for session control.
 *
 * @param id - A user id.
 * @returns True for an id of that form.
 * @example
 * ```ts
 * isAccountUserId(await accountUserId("github", "12345")) // true
 * ```
 */
export function isAccountUserId(id: string): boolean {
  return ACCOUNT_USER_ID.test(id);
}

/**
 * The user that now holds an account a sign-in failed to store: the winner of a race between
 * two sign-ins of that account (a double-submitted callback, two tabs) that both found it
 * unknown, which the adapter's unique key on the account settled. Only for accounts the provider
 * has just vouched for (OAuth, OIDC): the loser proved it is that account, and a moment later
 * would have signed in as its user anyway. A passkey is new at registration, so another holder is a clash, not a
 * race. Null when nobody holds it (the failure was something else) or the lookup fails too.
 */
async function raceWinner(account: Account, ctx: ActionContext): Promise<AdapterUser | null> {
  if (account.type !== "oauth" && account.type !== "oidc") return null;
  const adapter = ctx.config.adapter!;
  const key = { provider: account.provider, providerAccountId: account.providerAccountId };
  try {
    return await adapter.getUserByAccount!(key);
  } catch {
    return null;
  }
}

/**
 * Links the account to an existing user when saved. When the link fails because a concurrent
 * sign-in linked the same account to this very user first (two tabs linking one new account),
 * the sign-in goes on: the link it wanted exists, and the winner fired the `linkAccount` event.
 */
function linkTo(user: AdapterUser, signIn: AccountSignIn, ctx: ActionContext): ResolvedAccount {
  return {
    user,
    isNewUser: false,
    save: async () => {
      const adapter = ctx.config.adapter!;
      const account = { ...signIn.account, userId: user.id } as Parameters<
        NonNullable<typeof adapter.linkAccount>
      >[0];
      try {
        await callAdapter("linkAccount", () => adapter.linkAccount!(account));
      } catch (error) {
        if ((await raceWinner(signIn.account, ctx))?.id !== user.id) throw error;
        return user;
      }
      await emit(ctx.config, "linkAccount", { user, account, profile: signIn.user });
      return user;
    },
  };
}

/**
 * Creates the user and links the account to it when saved. When that fails because a concurrent
 * first sign-in of the same account created its user first, the sign-in goes on as that user
 * ({@link raceWinner}), not new: `isNewUser` turns false, and no `createUser` or `linkAccount`
 * event fires for this request (the winner's fired them).
 */
function createNew(signIn: AccountSignIn, ctx: ActionContext): ResolvedAccount {
  const newUser = {
    ...signIn.user,
    // Adapters may assign their own id; one is passed for those that store what they get.
    id: crypto.randomUUID(),
    email: signIn.user.email ?? null,
    // A provider's word on the address is not our proof of it: only email sign-in sets this.
    emailVerified: null,
  } as AdapterUser;
  const resolved: ResolvedAccount = {
    user: newUser,
    isNewUser: true,
    save: async () => {
      const account = { ...signIn.account, userId: newUser.id } as AdapterAccount;
      try {
        return await createUserWithAccount(newUser, account, signIn.user, ctx);
      } catch (error) {
        const winner = await raceWinner(signIn.account, ctx);
        if (!winner) throw error;
        resolved.isNewUser = false;
        return winner;
      }
    },
  };
  return resolved;
}

/**
 * Decides which user a sign-in signs in, without writing anything:
 * - no adapter (JWT sessions only): the provider's user, with the id {@link accountUserId} makes;
 * - a known account: its user, unless a different user is signed in ({@link AccountNotLinked});
 * - an unknown account while signed in: linked to the signed-in user when that session signed in
 *   within `linking.maxSessionAge`, else {@link OAuthAccountNotLinked} (sign in again, then link);
 *   when a concurrent sign-in links the same OAuth account to that user first, the sign-in goes on;
 * - an unknown account whose email an existing user has: {@link OAuthAccountNotLinked}, unless
 *   the provider sets `allowDangerousEmailAccountLinking` and the email is in normal form
 *   (then linked to that user);
 * - otherwise: a new user, with the account linked (`createUser`, `linkAccount` events); when a
 *   concurrent first sign-in of the same OAuth account stores its user first, that user.
 *
 * @param signIn - The provider's user, the account and the profile.
 * @param req - The request (its session cookie tells who is signed in).
 * @param ctx - The action context; `ctx.provider` is the provider signed in with.
 * @returns The user, whether it is new, and `save()`, which writes the rows.
 * @throws {AccountNotLinked} When the account belongs to a user other than the signed-in one.
 * @throws {OAuthAccountNotLinked} When the email belongs to a user this account is not linked to,
 *   or the signed-in session is too old to link to.
 * @throws {AdapterError} When an adapter call fails.
 * @see SPEC.md, "Events" (createUser, linkAccount) and "Provider configuration" (allowDangerousEmailAccountLinking)
 * @example
 * ```ts
 * const resolved = await resolveAccount({ user, account, profile }, req, ctx)
 * const refusal = await checkSignIn({ user: resolved.user, account, profile }, ctx)
 * const saved = refusal === undefined ? await resolved.save() : undefined
 * ```
 */
export async function resolveAccount(
  signIn: AccountSignIn,
  req: AuthRequest,
  ctx: ActionContext,
): Promise<ResolvedAccount> {
  const adapter = ctx.config.adapter;
  const { account, user } = signIn;
  if (!adapter)
    return done({ ...user, id: await accountUserId(account.provider, account.providerAccountId) });
  const key = { provider: account.provider, providerAccountId: account.providerAccountId };
  const owner = await callAdapter("getUserByAccount", () => adapter.getUserByAccount!(key));
  const current = await currentSession(req, ctx);
  if (owner) {
    if (current && current.user.id !== owner.id) {
      throw new AccountNotLinked(`This "${account.provider}" account is already linked to another user.`);
    }
    return done(owner);
  }
  if (current) {
    if (!recentEnoughToLink(current, ctx.config, ctx.now)) {
      throw new OAuthAccountNotLinked(
        `A new "${account.provider}" account was not linked to the signed-in user: ${whyNotRecent(current, ctx.config, ctx.now)}`,
      );
    }
    return linkTo(current.user, signIn, ctx);
  }
  const email = user.email;
  const existing = email ? await callAdapter("getUserByEmail", () => adapter.getUserByEmail!(email)) : null;
  if (!email || !existing) return createNew(signIn, ctx);
  if (allowsEmailLinking(ctx, email)) return linkTo(existing, signIn, ctx);
  throw new OAuthAccountNotLinked(
    `A user with the email of this "${account.provider}" account exists but has not linked it; they must sign in the way they did before.`,
  );
}
