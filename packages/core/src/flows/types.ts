/** What a sign-in method implements: its sign-in POST, its callback, and WebAuthn options. */
import type { ActionContext, AuthRequest, AuthResult } from "../context";
import type { SafeHtml } from "../pages/html";
import type { IdpSession } from "../session/idp";
import type { OAuth2Config, ProviderConfig } from "../types";
import type { VerifyRequestDetails } from "./email/verify-request";
import type { LogoutClaims } from "./oauth/logout-token";

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
  /**
   * Finds, at start-up, what in a provider of this method can never work (an email provider's
   * `code` option, an OAuth provider's endpoints), by throwing the configuration error.
   */
  check?(provider: ProviderConfig): void;
  /** Email: what the verify-request page shows of the sign-in in flight. */
  verifyRequest?(req: AuthRequest, ctx: ActionContext): Promise<VerifyRequestDetails>;
  /** OpenID Connect: where a federated sign-out sends the browser, if the provider has an end-session endpoint. */
  endSessionUrl?(idp: IdpSession, callbackUrl: string, ctx: ActionContext): Promise<string | undefined>;
  /** OpenID Connect: the claims of a back-channel logout token from `provider`, once verified. */
  verifyLogoutToken?(token: string, provider: OAuth2Config, ctx: ActionContext): Promise<LogoutClaims>;
}
