/**
 * `getAccessToken` for SolidStart: the signed-in user's upstream access token, refreshed when due.
 */
import type { AccessTokenResult, AuthConfigInput } from "@portcullis/core";
import { engineOf } from "./engine";

/**
 * A usable access token of an OAuth/OIDC provider for the user signed in on a SolidStart request,
 * refreshed with the refresh token when it expires within `accessTokens.refreshBefore` seconds.
 * SolidStart's handlers build their own responses, so the answer's `cookies` (a JWT session
 * re-issued with the new tokens; a RefreshTokenError's `cookies` when a failed refresh ended the
 * session) are the caller's to set, e.g. with `setCookieHeader` from `@portcullis/core`.
 *
 * @param request The request: `event.request` of an API route, or `getRequestEvent()?.request`.
 * @param providerId The provider's id, e.g. `"github"`.
 * @param config The same configuration as given to {@link SolidAuth}, or a function of the request.
 * @returns The token and its cookies, or `null` when the request is signed out or the user has no
 * tokens of that provider.
 * @throws RefreshTokenError when a due refresh fails for good (sign in with the provider again);
 * OAuthProviderUnavailable when the provider cannot be reached (try later).
 * @example
 * ```ts
 * import { setCookieHeader } from "@portcullis/core"
 * export async function GET({ request }: APIEvent) {
 *   const token = await getAccessToken(request, "github", authConfig)
 *   if (!token) return new Response(null, { status: 401 })
 *   const repos = await fetch("https://api.github.com/user/repos", {
 *     headers: { authorization: `Bearer ${token.accessToken}` },
 *   })
 *   const response = Response.json(await repos.json())
 *   for (const cookie of token.cookies) response.headers.append("set-cookie", setCookieHeader(cookie))
 *   return response
 * }
 * ```
 */
export async function getAccessToken(
  request: Request,
  providerId: string,
  config: AuthConfigInput,
): Promise<AccessTokenResult | null> {
  const auth = await engineOf(config, request);
  return auth.getAccessToken(providerId, { headers: request.headers, origin: new URL(request.url).origin });
}
