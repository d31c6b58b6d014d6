/**
 * @portcullis/core: the runtime-agnostic authentication engine.
 *
 * @module
 */
export { createActionURL } from "./action-url";
export type * from "./adapters";
export { Auth, type AuthConfigInput, type ResponseInternal } from "./auth";
export { type EnvObject, setEnvDefaults } from "./config/env";
export type { AuthAction } from "./context";
export { type AuthEngine, createAuth, type Mount } from "./engine";
export type {
  RedirectResult,
  ResponseCookie,
  RevokeResult,
  ServerCall,
  ServerSessionRead,
  ServerSignIn,
  ServerSignOut,
  SessionResult,
  SignOutEverywhereResult,
} from "./engine/server";
export type { ErrorType } from "./errors";
export { AuthError, CredentialsSignin, RefreshTokenError } from "./errors";
export { getSession } from "./get-session";
export { isValidCallbackUrl } from "./http/callback-url-syntax";
export { setCookieHeader } from "./http/cookies";
export { accessTokenWithCookies, requestOrigin, webProtocol } from "./integration";
export { isAuthAction } from "./is-auth-action";
export type { Messages } from "./pages/messages";
export { memorySessionStore } from "./session/store";
export { customFetch, raw } from "./symbols";
export type * from "./types";
export { skipCSRFCheck } from "./types";
