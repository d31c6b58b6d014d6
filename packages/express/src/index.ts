/**
 * @portcullis/express: Portcullis's auth routes as Express middleware, and helpers for the
 * session and session control.
 *
 * @module
 */
/** The configuration of {@link ExpressAuth}, under the name `@auth/express` gives it. */
export type {
  AccessTokenResult,
  AuthConfig,
  AuthConfig as ExpressAuthConfig,
  AuthConfigInput,
  Session,
  SessionInfo,
} from "@portcullis/core";
// As Auth.js's framework packages do: the errors an app catches, under the same names.
export { AuthError, CredentialsSignin, customFetch, RefreshTokenError } from "@portcullis/core";
export { getAccessToken } from "./access-token";
export { ExpressAuth } from "./express-auth";
export { type GetSessionResult, getSession } from "./get-session";
export { listSessions, revokeSessions } from "./session-control";
