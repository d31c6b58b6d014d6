/** Server-side `getAccessToken`: the signed-in user's upstream access token, refreshed when due. */
import { type AccessTokenResult, accessTokenWithCookies } from "@portcullis/core";
import type { NextAuthConfigInput } from "./config";
import { callerOf, setCookies } from "./engine";

/** The server-side `getAccessToken` of {@link NextAuth}. */
export type NextAuthGetAccessToken = (providerId: string) => Promise<AccessTokenResult | null>;

/**
 * Sets cookies where Next.js allows it. A server component cannot set cookies; there the
 * refreshed tokens of a JWT session are not stored in the cookie, and the next request refreshes
 * again (after the few minutes this process remembers the refresh), which a provider that
 * rotates refresh tokens refuses: refresh JWT-held tokens from server actions and route handlers,
 * or keep the tokens on an adapter.
 */
async function trySetCookies(cookies: AccessTokenResult["cookies"]): Promise<void> {
  try {
    await setCookies(cookies);
  } catch {
    // Rendering a server component: Next.js refuses cookie writes; see above.
  }
}

/**
 * Builds `getAccessToken(providerId)`: a usable access token of an OAuth/OIDC provider for the
 * user signed in on the current request, refreshed with the refresh token when it expires within
 * `accessTokens.refreshBefore` seconds. Its cookies (a JWT session re-issued with the new tokens,
 * the cleared session when a failed refresh ended it) are set through the cookie store.
 *
 * @param input The configuration, or a function of the request returning it.
 * @returns The function. It answers null when signed out or when the user has no tokens of that
 * provider, and throws RefreshTokenError when a due refresh fails for good (sign in again).
 * @example
 * ```ts
 * const getAccessToken = createGetAccessToken(config)
 * const token = await getAccessToken("github")
 * ```
 */
export function createGetAccessToken(input: NextAuthConfigInput): NextAuthGetAccessToken {
  return async (providerId) => {
    const { engine, call } = await callerOf(input);
    return accessTokenWithCookies(engine, providerId, call, trySetCookies);
  };
}
