/**
 * @portcullis/solid-start: Portcullis's auth routes as SolidStart API route handlers, and
 * helpers for the session and session control.
 *
 * @module
 */
import type { AuthConfig } from "@portcullis/core";

export type {
  AccessTokenResult,
  Account,
  AuthConfig,
  AuthConfigInput,
  DefaultSession,
  Profile,
  Session,
  SessionInfo,
  User,
} from "@portcullis/core";
/** The configuration of {@link SolidAuth}, under `@auth/solid-start`'s name for it. */
export type SolidAuthConfig = AuthConfig;
// As Auth.js's framework packages do: the errors an app catches, under the same names.
export { AuthError, CredentialsSignin, customFetch, RefreshTokenError } from "@portcullis/core";
export { getAccessToken } from "./access-token";
export { getSession } from "./get-session";
export { type NodeEvent, rejectMalformedHost } from "./host-guard";
export { listSessions, revokeSessions } from "./session-control";
export { SolidAuth, type SolidAuthEvent, type SolidAuthHandlers } from "./solid-auth";
