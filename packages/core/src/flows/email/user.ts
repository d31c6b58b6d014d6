/**
 * The user behind a followed magic link: the one with that address, or a new one. Following the
 * link proves the address, so `emailVerified` is set then (once: later sign-ins keep the date of
 * the first proof, SPEC.md "States and transitions" rule 4).
 *
 * @module
 */
import type { AdapterAccount, AdapterUser } from "../../adapters";
import type { ActionContext } from "../../context";
import { emit } from "../../events";
import { callAdapter } from "../../session/database";
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

async function markVerified(user: AdapterUser, ctx: ActionContext): Promise<AdapterUser> {
  if (user.emailVerified) return user;
  const adapter = ctx.config.adapter!;
  const updated = await callAdapter("updateUser", () =>
    adapter.updateUser!({ id: user.id, emailVerified: new Date(ctx.now) }),
  );
  await emit(ctx.config, "updateUser", { user: updated });
  return updated;
}

async function register(provider: EmailConfig, identifier: string, ctx: ActionContext): Promise<AdapterUser> {
  const user: AdapterUser = { id: crypto.randomUUID(), email: identifier, emailVerified: new Date(ctx.now) };
  return createUserWithAccount(user, emailAccount(provider, identifier, user.id), user, ctx);
}

/**
 * Returns the user an address signs in as. An existing user gets `emailVerified` set when it was
 * null (with an `updateUser` event); without one, a user is created with `emailVerified` set
 * (`createUser` event) and an `email` account is linked to it (`linkAccount` event).
 *
 * @param provider - The email provider.
 * @param identifier - The normalised, just-verified address.
 * @param existing - The user `getUserByEmail` found for it, or null.
 * @param ctx - The action context.
 * @returns The user and whether it was created now.
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
  if (existing) return { user: await markVerified(existing, ctx), isNewUser: false };
  return { user: await register(provider, identifier, ctx), isNewUser: true };
}
