/**
 * `getAccessToken` for Fastify: the signed-in user's upstream access token, refreshed when due,
 * with a re-issued session cookie (JWT-held tokens) set on the reply.
 */
import {
  type AccessTokenResult,
  type AuthConfig,
  accessTokenWithCookies,
  createAuth,
  setCookieHeader,
} from "@portcullis/core";
import type { FastifyReply, FastifyRequest } from "fastify";
import { serverCall } from "./server-call";

/**
 * A usable access token of an OAuth/OIDC provider for the user signed in on a Fastify request,
 * refreshed with the refresh token when it expires within `accessTokens.refreshBefore` seconds.
 * The cookies the answer carries (a JWT session re-issued with the new tokens; the cleared session
 * when a failed refresh ended it) are added to `reply` before it returns or throws.
 *
 * @param request The Fastify request; its protocol and host follow Fastify's `trustProxy`.
 * @param reply The reply, for the cookies.
 * @param providerId The provider's id, e.g. `"github"`.
 * @param config The same configuration as given to {@link FastifyAuth}.
 * @returns The token, or `null` when the request is signed out (or its Host is unusable) or the
 * user has no tokens of that provider.
 * @throws RefreshTokenError when a due refresh fails for good (sign in with the provider again);
 * OAuthProviderUnavailable when the provider cannot be reached (try later).
 * @example
 * ```ts
 * app.get("/repos", async (request, reply) => {
 *   const token = await getAccessToken(request, reply, "github", config)
 *   if (!token) return reply.redirect("/auth/signin")
 *   return fetch("https://api.github.com/user/repos", {
 *     headers: { authorization: `Bearer ${token.accessToken}` },
 *   }).then((r) => r.json())
 * })
 * ```
 */
export async function getAccessToken(
  request: FastifyRequest,
  reply: FastifyReply,
  providerId: string,
  config: AuthConfig,
): Promise<AccessTokenResult | null> {
  const call = serverCall(request);
  if (call === undefined) return null;
  return accessTokenWithCookies(createAuth(config), providerId, call, (cookies) => {
    for (const c of cookies) reply.header("set-cookie", setCookieHeader(c));
  });
}
