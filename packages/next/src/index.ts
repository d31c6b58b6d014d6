/**
 * @portcullis/next: Portcullis for Next.js: route handlers, `auth()` for server code and
 * middleware (and `auth(req, res)` for Pages Router API routes and `getServerSideProps`),
 * server-side `signIn`, `signOut` and `unstable_update`.
 *
 * @module
 */
// What `next-auth` exports, under the same names: the types apps augment and annotate with, and
// the errors they catch from server-side signIn.
export type { Account, AuthConfig, DefaultSession, Profile, Session, User } from "@portcullis/core";
export { AuthError, CredentialsSignin, customFetch } from "@portcullis/core";
export type { NextAuthAuth, NextAuthHandler, NextAuthRequest, PagesRequest, PagesResponse } from "./auth";
export type { AuthorizedParams, NextAuthConfig, NextAuthConfigInput } from "./config";
export { NextAuth, NextAuth as default, type NextAuthResult, type NextAuthRouteHandler } from "./next-auth";
export type { NextAuthSignIn, SignInAuthorizationParams, SignInOptions } from "./sign-in";
export type { NextAuthSignOut, SignOutOptions } from "./sign-out";
export type { NextAuthUpdate } from "./update";
