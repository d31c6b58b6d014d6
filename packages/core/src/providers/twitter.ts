/**
 * The Twitter / X provider (OAuth 2).
 *
 * @module
 */
import { InvalidConfiguration } from "../errors";
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

/** Options of {@link Twitter}: the common ones plus the OAuth version, which can only be 2.0. */
export type TwitterUserConfig = OAuthUserConfig<TwitterProfile> & {
  /** `"2.0"`, the only version: OAuth 1.0a is not supported. */
  version?: "2.0";
};

/**
 * Sign in with Twitter / X (OAuth 2 with PKCE). In the X developer portal, turn on OAuth 2.0 for
 * the app as a Web App (confidential client) and add `{origin}/auth/callback/twitter` as a
 * callback URI; the OAuth 2.0 client id and secret are read from `AUTH_TWITTER_ID` and
 * `AUTH_TWITTER_SECRET` when not given here. The default scope `users.read tweet.read
 * offline.access` also returns a refresh token. X requires `state` besides PKCE and shares no
 * email address, so `email` is null.
 *
 * @param config Overrides of the defaults; `version` may only be `"2.0"`.
 * @returns The provider configuration.
 * @throws {InvalidConfiguration} When `version` is anything but `"2.0"`.
 * @see https://docs.x.com/fundamentals/authentication/oauth-2-0/authorization-code
 * @example
 * ```ts
 * import Twitter from "@portcullis/core/providers/twitter"
 * const providers = [Twitter({ clientId: "abc", clientSecret: "secret", version: "2.0" })]
 * ```
 */
export default function Twitter(config?: TwitterUserConfig): OAuth2Config<TwitterProfile> {
  const version: unknown = config?.version;
  if (version !== undefined && version !== "2.0") {
    throw new InvalidConfiguration(
      `The twitter provider supports OAuth 2.0 only, not version ${String(version)}`,
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
    },
    config,
  );
}
