/** What a sign-in method implements: its sign-in POST, its callback, and WebAuthn options. */
import type { ActionContext, AuthRequest, AuthResult } from "../context";
import type { SafeHtml } from "../pages/html";

/** One sign-in method's handlers. The provider is in `ctx.provider`; CSRF is checked by the action for sign-in POSTs. */
export interface Flow {
  signIn(req: AuthRequest, ctx: ActionContext): Promise<AuthResult>;
  callback(req: AuthRequest, ctx: ActionContext): Promise<AuthResult>;
  options?(req: AuthRequest, ctx: ActionContext): Promise<AuthResult>;
  /**
   * The script the built-in sign-in page runs for this method's buttons (WebAuthn's ceremony).
   * A flow a provider carries brings it along, so that `Auth` does not hold it for every app.
   */
  pageScript?(): SafeHtml;
}
