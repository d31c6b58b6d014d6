/**
 * The Reddit provider.
 *
 * @module
 */

import { providerMark } from "../pages/provider-logos";
import type { OAuth2Config, OAuthUserConfig, Profile, UserinfoRequestContext } from "../types";
import { defineOAuthProvider, requestJson } from "./oauth-factory";

/** The user as Reddit's API returns it (`GET /api/v1/me`, `identity` scope). */
export interface RedditProfile {
  /** The account id in base 36, without the `t2_` prefix. */
  id: string;
  name: string;
  /** HTML-escaped (`&amp;` between query parameters). */
  icon_img?: string;
  snoovatar_img?: string;
  created_utc?: number;
  total_karma?: number;
  link_karma?: number;
  comment_karma?: number;
  verified?: boolean;
  has_verified_email?: boolean;
  is_employee?: boolean;
  over_18?: boolean;
}

/**
 * Reddit throttles requests without a descriptive User-Agent, so the profile request sets one.
 */
function requestRedditUser(context: UserinfoRequestContext): Promise<Profile> {
  const url = context.provider.userinfo?.url ?? "https://oauth.reddit.com/api/v1/me";
  const headers = {
    Authorization: `Bearer ${context.tokens.access_token}`,
    "User-Agent": "web:portcullis:1 (auth)",
  };
  return requestJson<Profile>(url, { headers }, "Reddit user request");
}

/** Reddit escapes `&` in image URLs; undo it so the URL works. */
function unescapeUrl(url: string | undefined): string | null {
  return url ? url.replaceAll("&amp;", "&") : null;
}

/**
 * Sign in with Reddit (OAuth 2). Create a "web app" at reddit.com/prefs/apps with the redirect
 * URI `{origin}/auth/callback/reddit`; the client id and secret are read from `AUTH_REDDIT_ID` and
 * `AUTH_REDDIT_SECRET` when not given here. Reddit shares no email address, does not support
 * PKCE and requires `state`.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://github.com/reddit-archive/reddit/wiki/OAuth2
 * @example
 * ```ts
 * import Reddit from "@portcullis/core/providers/reddit"
 * const providers = [Reddit({ clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function Reddit(config?: OAuthUserConfig<RedditProfile>): OAuth2Config<RedditProfile> {
  return defineOAuthProvider<RedditProfile>(
    {
      id: "reddit",
      name: "Reddit",
      type: "oauth",
      authorization: { url: "https://www.reddit.com/api/v1/authorize", params: { scope: "identity" } },
      token: "https://www.reddit.com/api/v1/access_token",
      userinfo: { url: "https://oauth.reddit.com/api/v1/me", request: requestRedditUser },
      checks: ["state"],
      profile: (profile) => ({
        id: profile.id,
        name: profile.name,
        email: null,
        image: unescapeUrl(profile.snoovatar_img || profile.icon_img),
      }),
      style: { brandColor: "#ff4500" },
      [providerMark]:
        '<g fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"><ellipse cx="12" cy="14.5" rx="8.5" ry="5.5"/><path d="m12 9 1.2-5.5 4 1M9 16.8c1.8 1.2 4.2 1.2 6 0"/><circle cx="18.5" cy="4.5" r="1.3"/></g><circle cx="9" cy="13.5" r="1.3"/><circle cx="15" cy="13.5" r="1.3"/>',
    },
    config,
  );
}
