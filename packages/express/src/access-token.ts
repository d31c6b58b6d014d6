/**
 * `getAccessToken` for Express: the signed-in user's upstream access token, refreshed when due,
 * with a re-issued session cookie (JWT-held tokens) set on the response.
 */
import {
  type AccessTokenResult,
  type AuthConfig,
  accessTokenWithCookies,
  createAuth,
  setCookieHeader,
} from "@portcullis/core";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { serverCall } from "./request-origin";

/**
 * A usable access token of an OAuth/OIDC provider for the user signed in on an Express request,
 * refreshed with the refresh token when it expires within `accessTokens.refreshBefore` seconds.
 * The cookies the answer carries (a JWT session re-issued with the new tokens; the cleared session
 * when a failed refresh ended it) are appended to `res` before it returns or throws.
 *
 * @param req The Express request; its protocol and host follow Express's `trust proxy`.
 * @param res The response, for the cookies.
 * @param providerId The provider's id, e.g. `"github"`.
 * @param config The same configuration as given to {@link ExpressAuth}.
 * @returns The token, or `null` when the request is signed out (or its Host is unusable) or the
 * user has no tokens of that provider.
 * @throws RefreshTokenError when a due refresh fails for good (sign in with the provider again);
 * OAuthProviderUnavailable when the provider cannot be reached (try later).
 * @example
 * ```ts
 * app.get("/repos", async (req, res) => {
 *   const token = await getAccessToken(req, res, "github", config)
 *   if (!token) return res.redirect("/auth/signin")
 *   const repos = await fetch("https://api.github.com/user/repos", {
 *     headers: { authorization: `Bearer ${token.accessToken}` },
 *   })
 *   res.json(await repos.json())
 * })
 * ```
 */
export async function getAccessToken(
  req: ExpressRequest,
  res: ExpressResponse,
  providerId: string,
  config: AuthConfig,
): Promise<AccessTokenResult | null> {
  const call = serverCall(req);
  if (call === undefined) return null;
  return accessTokenWithCookies(createAuth(config), providerId, call, (cookies) => {
    for (const c of cookies) res.append("Set-Cookie", setCookieHeader(c));
  });
}
