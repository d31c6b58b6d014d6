/**
 * The Trakt provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig, Profile, UserinfoRequestContext } from "../types";
import { defineOAuthProvider, requestJson } from "./oauth-factory";

/** The signed-in user as Trakt's API returns them (`GET /users/me?extended=full`). */
export interface TraktProfile {
  username: string;
  name: string;
  ids: { slug: string; [key: string]: unknown };
  images: { avatar: { full: string } };
  private?: boolean;
  vip?: boolean;
  [claim: string]: unknown;
}

/** Trakt's API wants its version and the client id (as `trakt-api-key`) on every request. */
async function requestTraktUser(context: UserinfoRequestContext): Promise<Profile> {
  return requestJson<Profile>(
    String(context.provider.userinfo?.url),
    {
      headers: {
        Authorization: `Bearer ${context.tokens.access_token}`,
        "trakt-api-version": "2",
        "trakt-api-key": String(context.provider.clientId),
      },
    },
    "Trakt user request",
  );
}

/**
 * Sign in with Trakt (OAuth 2). Register `{origin}/auth/callback/trakt` as the redirect URI; the
 * client id and secret are read from `AUTH_TRAKT_ID` and `AUTH_TRAKT_SECRET` when not given here.
 * Trakt shares no email, and its avatar URLs may not be hotlinked.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://trakt.docs.apiary.io/#reference/authentication-oauth
 * @example
 * ```ts
 * import Trakt from "@portcullis/core/providers/trakt"
 * const providers = [Trakt({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Trakt(config?: OAuthUserConfig<TraktProfile>): OAuth2Config<TraktProfile> {
  return defineOAuthProvider<TraktProfile>(
    {
      id: "trakt",
      name: "Trakt",
      type: "oauth",
      authorization: { url: "https://trakt.tv/oauth/authorize", params: { scope: "" } },
      token: "https://api.trakt.tv/oauth/token",
      userinfo: { url: "https://api.trakt.tv/users/me?extended=full", request: requestTraktUser },
      profile: (profile) => ({
        id: profile.ids.slug,
        name: profile.name,
        email: null,
        image: profile.images?.avatar?.full ?? null,
      }),
      style: { brandColor: "#ed2224" },
    },
    config,
  );
}
