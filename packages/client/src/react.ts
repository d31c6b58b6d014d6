/**
 * React bindings of the Portcullis client, shaped like next-auth/react's: a `SessionProvider`
 * that holds the session and `useSession` to read it, plus the client's functions, with
 * `signIn` and `signOut` telling the providers what they did.
 *
 * @module
 */
export { ClientFetchError } from "./client-fetch-error";
export { configureClient } from "./configure-client";
export { getCsrfToken } from "./get-csrf-token";
export { getProviders } from "./get-providers";
export { getSession } from "./get-session";
export type { SessionContextValue, SessionStatus } from "./react/session-context";
export { SessionProvider, type SessionProviderProps } from "./react/session-provider";
export { signIn } from "./react/sign-in";
export { signOut } from "./react/sign-out";
export { type UseSessionOptions, useSession } from "./react/use-session";
export type {
  ClientOptions,
  PublicProvider,
  Session,
  SignInAuthorizationParams,
  SignInOptions,
  SignInResult,
  SignOutOptions,
} from "./types";
