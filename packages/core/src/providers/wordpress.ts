/**
 * The WordPress.com provider.
 *
 * @module
 */
import { idText } from "../adapter/ids";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The signed-in user as the WordPress.com REST API returns it (`GET /rest/v1/me`). */
export interface WordPressProfile {
  ID: number;
  display_name: string;
  username: string;
  email: string;
  avatar_URL: string;
  profile_URL: string;
  [claim: string]: unknown;
}

/**
 * Sign in with WordPress.com (OAuth 2). The default scope is `auth`. Register `{origin}/auth/callback/wordpress` as the
 * redirect URI; the client id and secret are read from `AUTH_WORDPRESS_ID` and
 * `AUTH_WORDPRESS_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developer.wordpress.com/docs/oauth2/
 * @example
 * ```ts
 * import WordPress from "@portcullis/core/providers/wordpress"
 * const providers = [WordPress({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function WordPress(
  config?: OAuthUserConfig<WordPressProfile>,
): OAuth2Config<WordPressProfile> {
  return defineOAuthProvider<WordPressProfile>(
    {
      id: "wordpress",
      name: "WordPress.com",
      type: "oauth",
      authorization: { url: "https://public-api.wordpress.com/oauth2/authorize", params: { scope: "auth" } },
      token: "https://public-api.wordpress.com/oauth2/token",
      userinfo: "https://public-api.wordpress.com/rest/v1/me",
      profile: (profile) => ({
        id: idText(profile.ID),
        name: profile.display_name,
        email: profile.email,
        image: profile.avatar_URL,
      }),
      style: { brandColor: "#3499cd" },
    },
    config,
  );
}
