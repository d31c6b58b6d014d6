/**
 * The client's read functions as the React entry exports them: with the entry's defaults
 * (`/api/auth`, or a `SessionProvider`'s `basePath`), as next-auth/react's are.
 *
 * @module
 */
import { getCsrfToken as clientGetCsrfToken } from "../get-csrf-token";
import { getProviders as clientGetProviders } from "../get-providers";
import { getSession as clientGetSession } from "../get-session";
import type { ClientOptions, PublicProvider, Session } from "../types";
import { reactOptions } from "./client-config";

/**
 * Fetches the current session; see the client's `getSession`. Unless `options` say otherwise, it
 * asks under the nearest-rendered `SessionProvider`'s `basePath`, else `/api/auth`.
 *
 * @param options Client options for this call.
 * @returns The session, or `null` when there is none.
 * @throws ClientFetchError when the server is unreachable or answers with an error.
 * @example
 * ```ts
 * import { getSession } from "@portcullis/client/react"
 * const session = await getSession()
 * ```
 */
export function getSession(options: ClientOptions = {}): Promise<Session | null> {
  return clientGetSession(reactOptions(options));
}

/**
 * Fetches a CSRF token for a form posted to the server; see the client's `getCsrfToken`.
 *
 * @param options Client options for this call.
 * @returns The token.
 * @throws ClientFetchError when the server is unreachable or answers with an error.
 * @example
 * ```ts
 * import { getCsrfToken } from "@portcullis/client/react"
 * const csrfToken = await getCsrfToken()
 * ```
 */
export function getCsrfToken(options: ClientOptions = {}): Promise<string> {
  return clientGetCsrfToken(reactOptions(options));
}

/**
 * Fetches the providers the server offers; see the client's `getProviders`.
 *
 * @param options Client options for this call.
 * @returns The providers by id, or `null` when the server lists none.
 * @throws ClientFetchError when the server is unreachable or answers with an error.
 * @example
 * ```ts
 * import { getProviders } from "@portcullis/client/react"
 * const providers = await getProviders()
 * ```
 */
export function getProviders(options: ClientOptions = {}): Promise<Record<string, PublicProvider> | null> {
  return clientGetProviders(reactOptions(options));
}
