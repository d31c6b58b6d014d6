/**
 * A first sign-in writes a user and the account that signed in, together: in one transaction
 * where the adapter offers `createUserWithAccount`, else as two calls with the user removed again
 * when linking fails. Either way, no user is left without its account, and the `createUser` and
 * `linkAccount` events fire only once both rows exist.
 */

import { callAdapter } from "../adapter/call";
import type { AdapterAccount, AdapterUser } from "../adapters";
import type { ActionContext } from "../context";
import { emit } from "../events";
import type { User } from "../types";

/** Creates the user with its account; returns the stored user. */
export async function createUserWithAccount(
  user: AdapterUser,
  account: AdapterAccount,
  profile: User,
  ctx: ActionContext,
): Promise<AdapterUser> {
  const adapter = ctx.config.adapter!;
  let created: AdapterUser;
  if (adapter.createUserWithAccount) {
    created = await callAdapter("createUserWithAccount", () => adapter.createUserWithAccount!(user, account));
  } else if (!adapter.linkAccount) {
    // Only email sign-in gets here (every other way in needs linkAccount, see config/validate.ts):
    // an adapter written for Auth.js's email sign-in, which links no account, keeps the user alone.
    created = await callAdapter("createUser", () => adapter.createUser!(user));
    await emit(ctx.config, "createUser", { user: created });
    return created;
  } else {
    created = await callAdapter("createUser", () => adapter.createUser!(user));
    try {
      await callAdapter("linkAccount", () => adapter.linkAccount!({ ...account, userId: created.id }));
    } catch (error) {
      // Undo the user so the next attempt starts clean (best effort: the link error is what matters).
      await Promise.resolve(adapter.deleteUser?.(created.id)).catch(() => undefined);
      throw error;
    }
  }
  await emit(ctx.config, "createUser", { user: created });
  await emit(ctx.config, "linkAccount", {
    user: created,
    account: { ...account, userId: created.id },
    profile,
  });
  return created;
}
