/**
 * The Twitter / X provider (OAuth 2).
 *
 * @module
 */
import { InvalidConfiguration } from "../errors";
import { oauth1Flow } from "../flows/oauth1";
import { providerMark } from "../pages/provider-logos";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The user as X's API v2 returns it (`GET /2/users/me`); extra fields come with `user.fields`. */
export interface TwitterProfile {
  data: {
    id: string;
    name: string;
    username: string;
    created_at?: string;
    description?: string;
    /** Not supported by this provider: X shares no email through this endpoint. */
    email?: string;
    location?: string;
    pinned_tweet_id?: string;
    profile_image_url?: string;
    protected?: boolean;
    url?: string;
    verified?: boolean;
    entities?: {
      description?: { hashtags?: { start: number; end: number; tag: string }[] };
      url?: {
        urls?: { start: number; end: number; url: string; expanded_url: string; display_url: string }[];
      };
    };
  };
  includes?: { tweets?: { id: string; text: string }[] };
}

/** The user as API v1.1's `account/verify_credentials` returns it (OAuth 1.0a variant). */
export interface TwitterLegacyProfile {
  id: number;
  id_str: string;
  name: string;
  screen_name: string;
  email?: string;
  profile_image_url_https?: string;
  [key: string]: unknown;
}

/** Options of {@link Twitter}: the common ones plus the OAuth version, `"2.0"` (default) or `"1.0A"`. */
export type TwitterUserConfig = OAuthUserConfig<TwitterProfile> & {
  /** `"2.0"` (default), or `"1.0A"` for the OAuth 1.0a variant (API key and secret as client id and secret). */
  version?: "2.0" | "1.0A";
  /** OAuth 1.0a only: the request token endpoint. */
  requestTokenUrl?: string;
};

/**
 * The OAuth 1.0a variant. It brings its flow (flows/oauth1) with it: `Auth` holds only OAuth 2,
 * so apps that never ask for 1.0a do not bundle the request signing.
 */
function twitterOAuth1(config: TwitterUserConfig): OAuth2Config<TwitterProfile> {
  const provider = defineOAuthProvider<TwitterLegacyProfile>(
    {
      id: "twitter",
      name: "Twitter",
      type: "oauth",
      version: "1.0A",
      requestTokenUrl: "https://api.twitter.com/oauth/request_token",
      authorization: "https://api.twitter.com/oauth/authenticate",
      token: "https://api.twitter.com/oauth/access_token",
      userinfo: "https://api.twitter.com/1.1/account/verify_credentials.json?include_email=true",
      // OAuth 1.0a binds the callback to the request token, sealed in a cookie; no PKCE or state.
      checks: [],
      profile: (profile) => ({
        id: profile.id_str,
        name: profile.name,
        email: profile.email ?? null,
        // The `_normal` suffix is a 48px thumbnail; without it the original size is served.
        image: profile.profile_image_url_https?.replace(/_normal\.(jpg|png|gif)$/, ".$1") ?? null,
      }),
      style: { brandColor: "#000000" },
      [providerMark]:
        '<path d="M3.5 3.5h5l12 17h-5z"/><path d="M4 20.5 10.6 13m2.8-2L20 3.5" fill="none" stroke="currentColor" stroke-width="1.8"/>',
    },
    config as unknown as OAuthUserConfig<TwitterLegacyProfile>,
  ) as unknown as OAuth2Config<TwitterProfile>;
  // Set after the options are merged, so that none can drop it.
  return { ...provider, carriedFlow: oauth1Flow };
}

/**
 * Sign in with Twitter / X (OAuth 2 with PKCE). In the X developer portal, turn on OAuth 2.0 for
 * the app as a Web App (confidential client) and add `{origin}/auth/callback/twitter` as a
 * callback URI; the OAuth 2.0 client id and secret are read from `AUTH_TWITTER_ID` and
 * `AUTH_TWITTER_SECRET` when not given here. The default scope `users.read tweet.read
 * offline.access` also returns a refresh token. X requires `state` besides PKCE and shares no
 * email address, so `email` is null. With `version: "1.0A"` it signs in with OAuth 1.0a instead
 * (API key and secret as `clientId`/`clientSecret`); the account then keeps `oauth_token` and
 * `oauth_token_secret`, and the email comes from `verify_credentials?include_email=true`.
 *
 * @param config Overrides of the defaults; `version` may be `"2.0"` (default) or `"1.0A"`.
 * @returns The provider configuration.
 * @throws {InvalidConfiguration} When `version` is anything but `"2.0"` or `"1.0A"`.
 * @see https://docs.x.com/fundamentals/authentication/oauth-2-0/authorization-code
 * @example
 * ```ts
 * import Twitter from "@portcullis/core/providers/twitter"
 * const providers = [Twitter({ clientId: "abc", clientSecret: "secret", version: "2.0" })]
 * ```
 */
export default function Twitter(config?: TwitterUserConfig): OAuth2Config<TwitterProfile> {
  const version: unknown = config?.version;
  if (version === "1.0A") return twitterOAuth1(config ?? {});
  if (version !== undefined && version !== "2.0") {
    throw new InvalidConfiguration(
      `The twitter provider supports OAuth "2.0" and "1.0A", not version ${String(version)}`,
    );
  }
  return defineOAuthProvider<TwitterProfile>(
    {
      id: "twitter",
      name: "Twitter",
      type: "oauth",
      version: "2.0",
      authorization: {
        url: "https://x.com/i/oauth2/authorize",
        params: { scope: "users.read tweet.read offline.access" },
      },
      token: "https://api.x.com/2/oauth2/token",
      userinfo: "https://api.x.com/2/users/me?user.fields=profile_image_url",
      checks: ["pkce", "state"],
      profile: ({ data }) => ({
        id: data.id,
        name: data.name,
        email: null,
        image: data.profile_image_url ?? null,
      }),
      style: { brandColor: "#000000" },
      [providerMark]:
        '<path d="M3.5 3.5h5l12 17h-5z"/><path d="M4 20.5 10.6 13m2.8-2L20 3.5" fill="none" stroke="currentColor" stroke-width="1.8"/>',
    },
    config,
  );
}
