/**
 * The client of `@auth/solid-start/client` (`signIn`, `signOut`), whose routes live under
 * `/api/auth` (`src/routes/api/auth/[...solidauth].ts`), as that package's are. The plain
 * `@portcullis/client` entry defaults to `/auth`; this one to `/api/auth`, so an app moved from
 * `@auth/solid-start` keeps working by its import alone. `configureClient({ basePath })` or a
 * call's own `basePath` still decides first.
 *
 * @module
 */
import { configuredDefaults } from "./configure-client";
import { signIn as clientSignIn } from "./sign-in";
import { signOut as clientSignOut } from "./sign-out";
import type { SignInAuthorizationParams, SignInOptions, SignInResult, SignOutOptions } from "./types";

export { ClientFetchError } from "./client-fetch-error";
export { configureClient } from "./configure-client";
export type { SignInAuthorizationParams, SignInOptions, SignInResult, SignOutOptions } from "./types";

/** `@auth/solid-start`'s route prefix. */
const SOLID_START_BASE_PATH = "/api/auth";

function solidStartOptions<Options extends { basePath?: string }>(options: Options): Options {
  return { ...options, basePath: options.basePath ?? configuredDefaults().basePath ?? SOLID_START_BASE_PATH };
}

/**
 * `signIn` of `@portcullis/client`, under `/api/auth` unless configured otherwise.
 *
 * @param provider The provider's id; without one, the sign-in page.
 * @param options `redirectTo`, `redirect`, the credentials or email fields, and client options.
 * @param authorizationParams Extra authorization parameters for an OAuth provider.
 * @returns A result for email and credentials with `redirect: false`, else `undefined`.
 * @throws ClientFetchError when the server is unreachable or answers with an error.
 * @example
 * ```ts
 * import { signIn } from "@portcullis/client/solid-start"
 * await signIn("github", { redirectTo: "/protected" })
 * ```
 */
export function signIn(
  provider?: string,
  options: SignInOptions = {},
  authorizationParams?: SignInAuthorizationParams,
): Promise<SignInResult | undefined> {
  return clientSignIn(provider, solidStartOptions(options), authorizationParams);
}

/**
 * `signOut` of `@portcullis/client`, under `/api/auth` unless configured otherwise.
 *
 * @param options `redirect` (default `true`), `redirectTo`, and client options.
 * @returns `{ url }` with `redirect: false`, else `undefined`.
 * @throws ClientFetchError when the server is unreachable or refuses the sign-out.
 * @example
 * ```ts
 * import { signOut } from "@portcullis/client/solid-start"
 * await signOut({ redirectTo: "/" })
 * ```
 */
export function signOut(options: SignOutOptions = {}): Promise<{ url: string } | undefined> {
  return clientSignOut(solidStartOptions(options));
}
