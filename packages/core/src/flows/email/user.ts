/**
 * The user behind a followed magic link: the one with that address, or a new one. Following the
 * link proves the address, so `emailVerified` is set then (once: later sign-ins keep the date of
 * the first proof, SPEC.md "States and transitions" rule 4).
 *
 * Portcullis differs: a magic link never opens an existing user whose address was never proven.
 * Such a user was made by a sign-in that only claimed the address (an OAuth provider's word, a
 * passkey registration, the app), and whoever made it may still hold that way in: an attacker can
 * sign up first with the victim's address and wait for the victim to move in
 * (pre-account-takeover). Detaching those ways in would be the alternative, but the adapter
 * contract cannot list a user's accounts, so the sign-in is refused instead.
 *
 * @module
 */
import type { AdapterAccount, AdapterUser } from "../../adapters";
import type { ActionContext } from "../../context";
import { OAuthAccountNotLinked } from "../../errors";
import type { EmailConfig } from "../../types";
import { createUserWithAccount } from "../new-user";

/**
 * The account that ties a user to an email provider. The address is the account id, so the
 * `signIn` callback and the `linkAccount` event see the same shape Auth.js gives them.
 *
 * @param provider - The email provider.
 * @param identifier - The normalised address.
 * @param userId - The user's id (the address itself while no user exists yet).
 * @returns The account.
 * @example
 * ```ts
 * emailAccount(provider, "ada@example.com", user.id) // { type: "email", providerAccountId: "ada@example.com", ... }
 * ```
 */
export function emailAccount(provider: EmailConfig, identifier: string, userId: string): AdapterAccount {
  return { providerAccountId: identifier, userId, type: "email", provider: provider.id };
}

async function register(provider: EmailConfig, identifier: string, ctx: ActionContext): Promise<AdapterUser> {
  const user: AdapterUser = { id: crypto.randomUUID(), email: identifier, emailVerified: new Date(ctx.now) };
  return createUserWithAccount(user, emailAccount(provider, identifier, user.id), user, ctx);
}

/**
 * Returns the user an address signs in as: an existing user whose address was proven before, or
 * a new user, created with `emailVerified` set (`createUser` event) and an `email` account linked
 * to it (`linkAccount` event). An existing user with `emailVerified` null is refused (see the
 * module comment): another sign-in method may open it, and proving the address must not hand
 * the owner a user someone else controls.
 *
 * @param provider - The email provider.
 * @param identifier - The normalised, just-verified address.
 * @param existing - The user `getUserByEmail` found for it, or null.
 * @param ctx - The action context.
 * @returns The user and whether it was created now.
 * @throws {OAuthAccountNotLinked} When the existing user's address was never proven.
 * @throws {AdapterError} When an adapter call fails.
 * @example
 * ```ts
 * const { user, isNewUser } = await resolveEmailUser(provider, "ada@example.com", null, ctx)
 * ```
 */
export async function resolveEmailUser(
  provider: EmailConfig,
  identifier: string,
  existing: AdapterUser | null,
  ctx: ActionContext,
): Promise<{ user: AdapterUser; isNewUser: boolean }> {
  if (existing) {
    if (!existing.emailVerified) {
      throw new OAuthAccountNotLinked(
        `A user with this address exists but never proved it (emailVerified is null): it was created by another sign-in method, which may belong to someone else. The "${provider.id}" link does not open it; sign in the way the user was created, or have an administrator check and verify the address.`,
      );
    }
    return { user: existing, isNewUser: false };
  }
  return { user: await register(provider, identifier, ctx), isNewUser: true };
}
