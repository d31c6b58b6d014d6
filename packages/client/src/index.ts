/**
 * Browser helpers for Portcullis: sign in, sign out, and read or update the session over the
 * server's HTTP actions. They speak the Auth.js wire protocol exactly as next-auth/react does, so
 * they work against a Portcullis server and against an Auth.js one.
 *
 * @module
 */
export { ClientFetchError } from "./client-fetch-error";
export { configureClient } from "./configure-client";
export { getCsrfToken } from "./get-csrf-token";
export { getProviders } from "./get-providers";
export { getSession } from "./get-session";
export { signIn } from "./sign-in";
export { signOut } from "./sign-out";
export type {
  ClientOptions,
  ProviderType,
  PublicProvider,
  Session,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResult,
  SignOutOptions,
} from "./types";
export { updateSession } from "./update-session";
