/** What a sign-in method implements: its sign-in POST, its callback, and WebAuthn options. */
import type { ActionContext, AuthRequest, AuthResult } from "../context";

/** One sign-in method's handlers. The provider is in `ctx.provider`; CSRF is checked by the action for sign-in POSTs. */
export interface Flow {
  signIn(req: AuthRequest, ctx: ActionContext): Promise<AuthResult>;
  callback(req: AuthRequest, ctx: ActionContext): Promise<AuthResult>;
  options?(req: AuthRequest, ctx: ActionContext): Promise<AuthResult>;
}
