/**
 * Where the React entry's functions find the server: next-auth/react's defaults, which a
 * `SessionProvider`'s `basePath` and `baseUrl` change for every function of the entry.
 *
 * @module
 */
import { configuredDefaults } from "../configure-client";
import type { ClientOptions } from "../types";

/**
 * The React entry's default `basePath`: next-auth/react's, since the apps that render a
 * `SessionProvider` are mostly Next.js apps with `app/api/auth/[...nextauth]/route.ts`.
 */
export const REACT_BASE_PATH = "/api/auth";

/** The settings a `SessionProvider` leaves for the entry's functions, as next-auth/react's `__NEXTAUTH`. */
export interface NextAuthClientConfig {
  /** Set by the last `SessionProvider` rendered with a `basePath`; else the built-in default. */
  basePath?: string;
  /** Set by the last `SessionProvider` rendered with a `baseUrl`; else the page's origin. */
  baseUrl?: string;
}

/**
 * The React entry's shared settings, named as in next-auth/react. A `SessionProvider` given
 * `basePath` (or `baseUrl`) writes it here when it renders, so `signIn`, `signOut`,
 * `getSession`, `getCsrfToken` and `getProviders` called anywhere in the app use it too.
 *
 * @example
 * ```ts
 * import { __NEXTAUTH } from "@portcullis/client/react"
 * console.log(__NEXTAUTH.basePath ?? "/api/auth")
 * ```
 */
export const __NEXTAUTH: NextAuthClientConfig = {};

/**
 * The options of one call of a React entry function, with what it leaves out filled in: the
 * call's own options, then what a `SessionProvider` set, then `configureClient`'s defaults,
 * then `/api/auth` and the page's origin.
 *
 * @param options The call's options (client options and any others, which are kept).
 * @returns A copy with `basePath` (and `baseUrl`, when one is known) decided. Never throws.
 * @example
 * ```ts
 * await getSession(reactOptions({})) // GET /api/auth/session
 * ```
 */
export function reactOptions<Options extends ClientOptions>(options: Options): Options {
  return {
    ...options,
    basePath: options.basePath ?? __NEXTAUTH.basePath ?? configuredDefaults().basePath ?? REACT_BASE_PATH,
    baseUrl: options.baseUrl ?? __NEXTAUTH.baseUrl ?? configuredDefaults().baseUrl,
  };
}
