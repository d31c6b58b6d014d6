/**
 * The Kakao provider.
 *
 * @module
 */
import { idText } from "../adapter/ids";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The user as Kakao's API returns it (`GET /v2/user/me`). */
export interface KakaoProfile {
  id: number;
  has_signed_up?: boolean;
  connected_at?: string;
  synched_at?: string;
  properties?: { nickname?: string; profile_image?: string; thumbnail_image?: string };
  kakao_account?: {
    profile_needs_agreement?: boolean;
    profile_nickname_needs_agreement?: boolean;
    profile_image_needs_agreement?: boolean;
    profile?: {
      nickname?: string;
      thumbnail_image_url?: string;
      profile_image_url?: string;
      is_default_image?: boolean;
      is_default_nickname?: boolean;
    };
    name_needs_agreement?: boolean;
    name?: string;
    email_needs_agreement?: boolean;
    is_email_valid?: boolean;
    is_email_verified?: boolean;
    email?: string;
    age_range_needs_agreement?: boolean;
    age_range?: string;
    birthday_needs_agreement?: boolean;
    birthday?: string;
    gender_needs_agreement?: boolean;
    gender?: "female" | "male";
    phone_number_needs_agreement?: boolean;
    phone_number?: string;
  };
}

/**
 * Sign in with Kakao (Kakao Login, OAuth 2). Register `{origin}/auth/callback/kakao` as a Redirect
 * URI of the app in Kakao Developers and set the consent items (nickname, profile image, email)
 * there: Kakao takes the scopes from them. The REST API key and the client secret are read from
 * `AUTH_KAKAO_ID` and `AUTH_KAKAO_SECRET` when not given here; the secret goes in the request body
 * (`client_secret_post`) and `state` protects the callback.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developers.kakao.com/docs/latest/en/kakaologin/rest-api
 * @example
 * ```ts
 * import Kakao from "@portcullis/core/providers/kakao"
 * const providers = [Kakao({ clientId: "rest-api-key", clientSecret: "secret" })]
 * ```
 */
export default function Kakao(config?: OAuthUserConfig<KakaoProfile>): OAuth2Config<KakaoProfile> {
  return defineOAuthProvider<KakaoProfile>(
    {
      id: "kakao",
      name: "Kakao",
      type: "oauth",
      authorization: { url: "https://kauth.kakao.com/oauth/authorize", params: {} },
      token: "https://kauth.kakao.com/oauth/token",
      userinfo: "https://kapi.kakao.com/v2/user/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["state"],
      profile: ({ id, kakao_account: account, properties }) => ({
        id: idText(id),
        name: account?.profile?.nickname ?? properties?.nickname ?? null,
        email: account?.email ?? null,
        image: account?.profile?.profile_image_url ?? properties?.profile_image ?? null,
      }),
      style: { brandColor: "#fee500" },
    },
    config,
  );
}
