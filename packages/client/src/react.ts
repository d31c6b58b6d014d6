"use client";
/**
 * React bindings of the Portcullis client, shaped like next-auth/react's: a `SessionProvider`
 * that holds the session and `useSession` to read it, plus the client's functions, with
 * `signIn` and `signOut` telling the providers what they did. Like next-auth/react, its functions
 * default to `/api/auth` (a `SessionProvider`'s `basePath` changes that for all of them); the
 * plain `@portcullis/client` entry defaults to `/auth`. The `"use client"` directive lets a
 * server component render `<SessionProvider>`.
 *
 * @module
 */
export { ClientFetchError } from "./client-fetch-error";
export { configureClient } from "./configure-client";
export { __NEXTAUTH, type NextAuthClientConfig } from "./react/client-config";
export { getCsrfToken, getProviders, getSession } from "./react/fetchers";
export { SessionContext, type SessionContextValue, type SessionStatus } from "./react/session-context";
export { listSessions, revokeOtherSessions, revokeSession } from "./react/session-control";
export { SessionProvider, type SessionProviderProps } from "./react/session-provider";
export { signIn } from "./react/sign-in";
export { signOut } from "./react/sign-out";
export { signOutEverywhere } from "./react/sign-out-everywhere";
export { type UseSessionOptions, useSession } from "./react/use-session";
export type {
  ClientOptions,
  PublicProvider,
  Session,
  SessionInfo,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResult,
  SignOutEverywhereResult,
  SignOutOptions,
} from "./types";
