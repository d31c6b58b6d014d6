/**
 * @portcullis/hono: Portcullis's auth routes as a Hono handler, and helpers for the session and
 * session control.
 *
 * @module
 */
export type { AccessTokenResult, AuthConfig, AuthConfigInput, Session, SessionInfo } from "@portcullis/core";
// As Auth.js's framework packages do: the errors an app catches, under the same names.
export { AuthError, CredentialsSignin, customFetch, RefreshTokenError } from "@portcullis/core";
export { getAccessToken } from "./access-token";
export { getSession } from "./get-session";
export { HonoAuth } from "./hono-auth";
export { listSessions, revokeSessions } from "./session-control";
