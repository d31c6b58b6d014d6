/**
 * @portcullis/next: Portcullis for Next.js: route handlers, `auth()` for server code and
 * middleware (and `auth(req, res)` for Pages Router API routes and `getServerSideProps`),
 * server-side `signIn`, `signOut` and `unstable_update`, and session control.
 *
 * @module
 */
// What `next-auth` exports, under the same names: the types apps augment and annotate with, and
// the errors they catch from server-side signIn.
export type {
  AccessTokenResult,
  Account,
  AuthConfig,
  DefaultSession,
  Profile,
  Session,
  SessionInfo,
  User,
} from "@portcullis/core";
export { AuthError, CredentialsSignin, customFetch, RefreshTokenError } from "@portcullis/core";
export type { NextAuthGetAccessToken } from "./access-token";
export type { NextAuthAuth, NextAuthHandler, NextAuthRequest, PagesRequest, PagesResponse } from "./auth";
export type { AuthorizedParams, NextAuthConfig, NextAuthConfigInput } from "./config";
export type { NextAuthListSessions } from "./list-sessions";
export { NextAuth, NextAuth as default, type NextAuthResult, type NextAuthRouteHandler } from "./next-auth";
export type { NextAuthRevokeOtherSessions, NextAuthRevokeSession } from "./revoke-session";
export type { NextAuthRevokeSessions } from "./revoke-user-sessions";
export type { NextAuthSignIn, SignInAuthorizationParams, SignInOptions } from "./sign-in";
export type { NextAuthSignOut, SignOutOptions } from "./sign-out";
export type { NextAuthSignOutEverywhere } from "./sign-out-everywhere";
export type { NextAuthUpdate } from "./update";
