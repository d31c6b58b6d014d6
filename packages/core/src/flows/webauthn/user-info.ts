import { callAdapter } from "../../adapter/call";
import type { ActionContext, AuthRequest } from "../../context";
import type { User, WebAuthnConfig } from "../../types";
import { normalizeEmailAddress } from "../email/normalize";

/** A user a request describes, and whether the adapter knows them already. */
export interface UserInfo {
  user: User;
  exists: boolean;
}

/**
 * The user a request describes: the provider's `getUserInfo(request)` when set, else the
 * `email` query parameter (normalised like email sign-in's, so one mailbox is one user) looked
 * up with `getUserByEmail`. Null when the request names nobody usable.
 *
 * @param provider - The WebAuthn provider.
 * @param req - The options request.
 * @param ctx - The action context.
 * @returns The user and whether they exist, or null.
 * @throws {AdapterError} When the lookup fails.
 * @example
 * ```ts
 * const info = await userInfo(provider, req, ctx) // { user: { email: "ada@example.com" }, exists: false }
 * ```
 */
export async function userInfo(
  provider: WebAuthnConfig,
  req: AuthRequest,
  ctx: ActionContext,
): Promise<UserInfo | null> {
  if (provider.getUserInfo) return (await provider.getUserInfo(req.request)) ?? null;
  let email: string;
  try {
    email = normalizeEmailAddress(req.query.email);
  } catch {
    return null;
  }
  const adapter = ctx.config.adapter!;
  const existing = await callAdapter("getUserByEmail", () => adapter.getUserByEmail!(email));
  return existing ? { user: existing, exists: true } : { user: { email }, exists: false };
}
