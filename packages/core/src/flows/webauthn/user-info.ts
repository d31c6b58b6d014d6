/**
 * Who a WebAuthn ceremony is for: the signed-in user, or the user the request describes (by
 * default through its `email` parameter).
 */
import type { Adapter } from "../../adapters";
import type { ActionContext, AuthRequest } from "../../context";
import { MissingAdapter } from "../../errors";
import { callAdapter } from "../../session/database";
import type { User, WebAuthnConfig } from "../../types";
import { normalizeEmailAddress } from "../email/normalize";

/** A user a request describes, and whether the adapter knows them already. */
export interface UserInfo {
  user: User;
  exists: boolean;
}

/**
 * The adapter, which WebAuthn cannot work without: passkeys are stored rows.
 *
 * @param ctx - The action context.
 * @returns The configured adapter.
 * @throws {MissingAdapter} When none is configured.
 * @example
 * ```ts
 * const adapter = webauthnAdapter(ctx)
 * ```
 */
export function webauthnAdapter(ctx: ActionContext): Adapter {
  const { adapter } = ctx.config;
  if (!adapter) throw new MissingAdapter("WebAuthn providers store passkeys: configure an `adapter`.");
  return adapter;
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
  const adapter = webauthnAdapter(ctx);
  const existing = await callAdapter("getUserByEmail", () => adapter.getUserByEmail!(email));
  return existing ? { user: existing, exists: true } : { user: { email }, exists: false };
}
