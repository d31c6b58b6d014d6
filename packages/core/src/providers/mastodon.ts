/**
 * The Mastodon provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The account as Mastodon's API returns it (`GET /api/v1/accounts/verify_credentials`). */
export interface MastodonProfile {
  id: string;
  username: string;
  /** `username` on the user's own instance, `username@domain` elsewhere. */
  acct: string;
  display_name: string;
  locked: boolean;
  bot: boolean;
  discoverable?: boolean | null;
  group?: boolean;
  created_at: string;
  note: string;
  url: string;
  avatar: string;
  avatar_static: string;
  header: string;
  header_static: string;
  followers_count: number;
  following_count: number;
  statuses_count: number;
  last_status_at: string | null;
  emojis?: { shortcode: string; url: string; static_url: string; visible_in_picker: boolean }[];
  fields?: { name: string; value: string; verified_at: string | null }[];
}

/**
 * Sign in with an account on a Mastodon instance (OAuth 2). Set `issuer` to the instance's URL,
 * e.g. `https://mastodon.social`; the endpoints are derived from it, so pass it here (there is no
 * default). Register an application on the instance (Preferences > Development, or
 * `POST /api/v1/apps`) with the `read:accounts` scope and the redirect URI
 * `{origin}/auth/callback/mastodon`; the client key and secret are read from `AUTH_MASTODON_ID`
 * and `AUTH_MASTODON_SECRET` when not given here. Mastodon shares no email address. Instances
 * from 4.3 on support PKCE; `state` also protects the callback on older ones.
 *
 * @param config Overrides of the defaults; `issuer` is the instance URL.
 * @returns The provider configuration.
 * @see https://docs.joinmastodon.org/spec/oauth/
 * @example
 * ```ts
 * import Mastodon from "@portcullis/core/providers/mastodon"
 * const providers = [Mastodon({ issuer: "https://mastodon.social", clientId: "key", clientSecret: "secret" })]
 * ```
 */
export default function Mastodon(config?: OAuthUserConfig<MastodonProfile>): OAuth2Config<MastodonProfile> {
  const issuer = typeof config?.issuer === "string" ? config.issuer.replace(/\/+$/, "") : undefined;
  return defineOAuthProvider<MastodonProfile>(
    {
      id: "mastodon",
      name: "Mastodon",
      type: "oauth",
      ...(issuer && {
        authorization: { url: `${issuer}/oauth/authorize`, params: { scope: "read:accounts" } },
        token: `${issuer}/oauth/token`,
        userinfo: `${issuer}/api/v1/accounts/verify_credentials`,
      }),
      checks: ["pkce", "state"],
      profile: (profile) => ({
        id: profile.id,
        name: profile.display_name || profile.username,
        email: null,
        image: profile.avatar_static ?? null,
      }),
      style: { brandColor: "#6364ff" },
    },
    config,
  );
}
