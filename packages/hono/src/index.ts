/**
 * @portcullis/hono: Portcullis's auth routes as a Hono handler, and helpers for the session and
 * session control; and @hono/auth-js's middleware API on the same engine.
 *
 * @module
 */
export type { AccessTokenResult, AuthConfig, AuthConfigInput, Session, SessionInfo } from "@portcullis/core";
// As Auth.js's framework packages do: the errors an app catches, under the same names.
// @hono/auth-js exports it too (the environment into a configuration); the core's, same idea.
export {
  AuthError,
  CredentialsSignin,
  customFetch,
  RefreshTokenError,
  setEnvDefaults,
} from "@portcullis/core";
export { getAccessToken } from "./access-token";
// @hono/auth-js's API, for apps moving from it (see the README, "Moving from @hono/auth-js").
export {
  type AuthEnv,
  type AuthUser,
  authHandler,
  type ConfigHandler,
  getAuthUser,
  initAuthConfig,
  verifyAuth,
} from "./auth-js";
export { getSession } from "./get-session";
export { HonoAuth } from "./hono-auth";
export { listSessions, revokeSessions } from "./session-control";
