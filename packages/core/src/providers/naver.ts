/**
 * The Naver provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The user as Naver's profile API returns it (`GET /v1/nid/me`). */
export interface NaverProfile {
  resultcode: string;
  message: string;
  response: {
    id: string;
    nickname?: string;
    name?: string;
    email?: string;
    gender?: "F" | "M" | "U";
    age?: string;
    birthday?: string;
    birthyear?: string;
    profile_image?: string;
    mobile?: string;
  };
}

/**
 * Sign in with Naver (Naver Login, OAuth 2). Register the service URL and the callback URL
 * `{origin}/auth/callback/naver` of the application on Naver Developers, and choose the profile
 * items there: Naver takes the scopes from them. The client id and secret are read from
 * `AUTH_NAVER_ID` and `AUTH_NAVER_SECRET` when not given here; the secret goes in the request body
 * (`client_secret_post`) and Naver requires `state`.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developers.naver.com/docs/login/api/api.md
 * @example
 * ```ts
 * import Naver from "@portcullis/core/providers/naver"
 * const providers = [Naver({ clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function Naver(config?: OAuthUserConfig<NaverProfile>): OAuth2Config<NaverProfile> {
  return defineOAuthProvider<NaverProfile>(
    {
      id: "naver",
      name: "Naver",
      type: "oauth",
      authorization: { url: "https://nid.naver.com/oauth2.0/authorize", params: {} },
      token: "https://nid.naver.com/oauth2.0/token",
      userinfo: "https://openapi.naver.com/v1/nid/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["state"],
      profile: ({ response }) => ({
        id: response.id,
        name: response.nickname ?? response.name ?? null,
        email: response.email ?? null,
        image: response.profile_image ?? null,
      }),
      style: { brandColor: "#03c75a" },
    },
    config,
  );
}
