// `$app/paths` is declared by SvelteKit's types; this names them for a build of this file alone.
/// <reference types="@sveltejs/kit" />
/**
 * @portcullis/sveltekit/client: `signIn` and `signOut` for the browser, as
 * `@auth/sveltekit/client` has them. They are @portcullis/client's functions (CSRF token, the
 * providers' types, `redirect: false`), with the auth routes looked up under the app's base path.
 *
 * @module
 */

import {
  signIn as clientSignIn,
  signOut as clientSignOut,
  type SignInAuthorizationParams,
  type SignInOptions,
  type SignInResult,
  type SignOutOptions,
} from "@portcullis/client";
import { base } from "$app/paths";

export type {
  SignInAuthorizationParams,
  SignInOptions,
  SignInResult,
  SignOutOptions,
} from "@portcullis/client";

/**
 * Where the auth routes are: `/auth` under SvelteKit's `paths.base`, as `SvelteKitAuth` serves
 * them by default. An app with another `basePath` passes it in the options.
 */
export function authBasePath(): string {
  return `${base}/auth`;
}

/**
 * Starts a sign-in from the browser: an OAuth provider's authorization, an email link, or a
 * credentials check (posted to `{basePath}/callback/<id>` with the other option fields), with the
 * CSRF token fetched first. Without a provider, or with one the server does not offer, it goes to
 * the sign-in page.
 *
 * @param provider Provider id, e.g. `"github"` or `"credentials"`.
 * @param options `redirectTo` (default: the current page), `redirect` (default `true`; `false`
 *   answers a {@link SignInResult} for email and credentials), `basePath` (default `/auth` under
 *   `paths.base`), and the fields the provider reads.
 * @param authorizationParams Extra parameters of an OAuth provider's authorization request.
 * @returns A {@link SignInResult} with `redirect: false` (email, credentials), else `undefined`.
 * @throws ClientFetchError when the server cannot be reached or answers with an error.
 * @throws TypeError for a WebAuthn provider: use `signIn` of `@portcullis/sveltekit/webauthn`.
 * @example
 * ```ts
 * import { signIn } from "@portcullis/sveltekit/client"
 * await signIn("github", { redirectTo: "/account" })
 * ```
 */
export function signIn(
  provider?: string,
  options: SignInOptions = {},
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResult | undefined> {
  return clientSignIn(provider, { basePath: authBasePath(), ...options }, authorizationParams);
}

/**
 * Signs out from the browser: posts the CSRF token to `{basePath}/signout`, which clears the
 * session cookies (and deletes a database session), then goes where the server sends the visitor.
 *
 * @param options `redirectTo` (default: the current page), `redirect` (default `true`; `false`
 *   answers `{ url }` and stays), `basePath` (default `/auth` under `paths.base`).
 * @returns `{ url }` with `redirect: false`, else `undefined`.
 * @throws ClientFetchError when the server cannot be reached or answers with an error.
 * @example
 * ```ts
 * import { signOut } from "@portcullis/sveltekit/client"
 * await signOut({ redirectTo: "/" })
 * ```
 */
export function signOut(options: SignOutOptions = {}): Promise<{ url: string } | undefined> {
  return clientSignOut({ basePath: authBasePath(), ...options });
}
