/**
 * The TikTok provider (Login Kit for Web).
 *
 * @module
 */
import { InvalidConfiguration, OAuthCallbackError } from "../errors";
import type { OAuth2Config, OAuthUserConfig, TokenRequestContext, TokenSet } from "../types";
import { callbackUrlOf, defineOAuthProvider, requestJson, tokenFailure } from "./oauth-factory";

/** The user as TikTok's Display API returns it (`GET /v2/user/info/`). */
export interface TikTokProfile {
  data: {
    user: {
      /** The user's id for this app. */
      open_id: string;
      /** The user's id across the developer's apps. */
      union_id?: string;
      avatar_url?: string;
      avatar_url_100?: string;
      avatar_large_url?: string;
      display_name: string;
      bio_description?: string;
      profile_deep_link?: string;
      is_verified?: boolean;
      username?: string;
    };
  };
  error: { code: string; message: string; log_id: string };
}

/**
 * TikTok names the client `client_key` instead of `client_id`, so the code is exchanged with a
 * request of its own.
 */
async function requestTikTokToken({ provider, params }: TokenRequestContext): Promise<TokenSet> {
  const { clientId, clientSecret } = provider;
  if (typeof clientId !== "string" || typeof clientSecret !== "string") {
    throw new InvalidConfiguration("The tiktok provider needs clientId (the client key) and clientSecret");
  }
  const body = new URLSearchParams({
    client_key: clientId,
    client_secret: clientSecret,
    code: params.get("code") ?? "",
    grant_type: "authorization_code",
    redirect_uri: callbackUrlOf(provider),
  });
  const url = provider.token?.url ?? "https://open.tiktokapis.com/v2/oauth/token/";
  const init = { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body };
  const tokens = await requestJson<TokenSet & { error?: unknown }>(url, init, "TikTok token request");
  // TikTok reports errors with HTTP 200 and an `error` code in the body.
  if (tokens.error || typeof tokens.access_token !== "string") {
    throw new OAuthCallbackError(`TikTok token request failed: ${tokenFailure(tokens.error)}`);
  }
  return tokens;
}

/**
 * Sign in with TikTok (Login Kit for Web, OAuth 2). Add `{origin}/auth/callback/tiktok` to the
 * app's Redirect URIs on TikTok for Developers; the client key and secret are read from
 * `AUTH_TIKTOK_ID` and `AUTH_TIKTOK_SECRET` when not given here. TikTok names the client
 * `client_key`, so pass `clientId` here for it to reach the authorization URL; the token request
 * reads it from the provider at run time. TikTok shares no email address; `state` protects the
 * callback (TikTok's PKCE is for mobile and desktop apps).
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developers.tiktok.com/doc/login-kit-web
 * @example
 * ```ts
 * import TikTok from "@portcullis/core/providers/tiktok"
 * const providers = [TikTok({ clientId: "awxyz", clientSecret: "secret" })]
 * ```
 */
export default function TikTok(config?: OAuthUserConfig<TikTokProfile>): OAuth2Config<TikTokProfile> {
  const params: Record<string, string> = { scope: "user.info.basic" };
  // The authorization URL needs the key under TikTok's own name.
  if (typeof config?.clientId === "string") params.client_key = config.clientId;
  return defineOAuthProvider<TikTokProfile>(
    {
      id: "tiktok",
      name: "TikTok",
      type: "oauth",
      authorization: { url: "https://www.tiktok.com/v2/auth/authorize/", params },
      token: { url: "https://open.tiktokapis.com/v2/oauth/token/", request: requestTikTokToken },
      userinfo: "https://open.tiktokapis.com/v2/user/info/?fields=open_id,union_id,avatar_url,display_name",
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["state"],
      profile: ({ data }) => ({
        id: data.user.open_id,
        name: data.user.display_name,
        email: null,
        image: data.user.avatar_url ?? null,
      }),
      style: { brandColor: "#000000" },
    },
    config,
  );
}
