/**
 * Browser helpers for Portcullis: sign in, sign out, and read or update the session over the
 * server's HTTP actions. They speak the Auth.js wire protocol exactly as next-auth/react does, so
 * they work against a Portcullis server and against an Auth.js one. Listing and revoking the
 * user's sessions (`listSessions`, `revokeSession`, `revokeOtherSessions`, `signOutEverywhere`)
 * is Portcullis's own, and needs a server with a session store.
 *
 * @module
 */
export { ClientFetchError } from "./client-fetch-error";
export { configureClient } from "./configure-client";
export { getCsrfToken } from "./get-csrf-token";
export { getProviders } from "./get-providers";
export { getSession } from "./get-session";
export { listSessions } from "./list-sessions";
export { revokeOtherSessions } from "./revoke-other-sessions";
export { revokeSession } from "./revoke-session";
export { signIn } from "./sign-in";
export { signOut } from "./sign-out";
export { signOutEverywhere } from "./sign-out-everywhere";
export type {
  ClientOptions,
  ProviderType,
  PublicProvider,
  Session,
  SessionInfo,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResult,
  SignOutEverywhereResult,
  SignOutOptions,
} from "./types";
export { updateSession } from "./update-session";
