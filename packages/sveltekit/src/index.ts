/**
 * @portcullis/sveltekit: Portcullis's auth routes as a SvelteKit `handle` hook, `locals.auth()`,
 * `locals.sessions` (session control), and `signIn`/`signOut` form actions.
 *
 * @module
 */
export type { AccessTokenResult, AuthConfig, Session, SessionInfo } from "@portcullis/core";
// As Auth.js's framework packages do: the errors an app catches, under the same names.
export { AuthError, CredentialsSignin, customFetch, RefreshTokenError } from "@portcullis/core";
export { SvelteKitAuth } from "./sveltekit-auth";
export type { SessionControl, SvelteKitAuthConfig, SvelteKitAuthResult } from "./types";
