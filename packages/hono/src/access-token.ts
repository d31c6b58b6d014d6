/**
 * `getAccessToken` for Hono: the signed-in user's upstream access token, refreshed when due,
 * with a re-issued session cookie (JWT-held tokens) set on the context's response.
 */
import {
  type AccessTokenResult,
  type AuthConfig,
  accessTokenWithCookies,
  createAuth,
  setCookieHeader,
} from "@portcullis/core";
import type { Context } from "hono";

/**
 * A usable access token of an OAuth/OIDC provider for the user signed in on a Hono request,
 * refreshed with the refresh token when it expires within `accessTokens.refreshBefore` seconds.
 * The cookies the answer carries (a JWT session re-issued with the new tokens; the cleared session
 * when a failed refresh ended it) are appended to the context's response headers.
 *
 * @param c The Hono context of the request.
 * @param providerId The provider's id, e.g. `"github"`.
 * @param config The same configuration as given to {@link HonoAuth}.
 * @returns The token, or `null` when the request is signed out or the user has no tokens of that
 * provider.
 * @throws RefreshTokenError when a due refresh fails for good (sign in with the provider again);
 * OAuthProviderUnavailable when the provider cannot be reached (try later).
 * @example
 * ```ts
 * app.get("/repos", async (c) => {
 *   const token = await getAccessToken(c, "github", config)
 *   if (!token) return c.redirect("/auth/signin")
 *   const repos = await fetch("https://api.github.com/user/repos", {
 *     headers: { authorization: `Bearer ${token.accessToken}` },
 *   })
 *   return c.json(await repos.json())
 * })
 * ```
 */
export async function getAccessToken(
  c: Context,
  providerId: string,
  config: AuthConfig,
): Promise<AccessTokenResult | null> {
  const request = c.req.raw;
  return accessTokenWithCookies(
    createAuth(config),
    providerId,
    { headers: request.headers, origin: new URL(request.url).origin },
    (cookies) => {
      for (const cookie of cookies) c.header("Set-Cookie", setCookieHeader(cookie), { append: true });
    },
  );
}
