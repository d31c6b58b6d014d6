/**
 * The Foursquare provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig, Profile, UserinfoRequestContext } from "../types";
import { defineOAuthProvider, requestJson } from "./oauth-factory";

/** The answer of Foursquare's `GET /v2/users/self`. */
export interface FoursquareProfile {
  response: {
    user: {
      id: string;
      firstName: string;
      lastName?: string;
      contact: { email?: string; [key: string]: unknown };
      photo?: { prefix: string; suffix: string };
      [key: string]: unknown;
    };
  };
  [claim: string]: unknown;
}

/** Options of {@link Foursquare}: the common ones plus the API version date. */
export type FoursquareUserConfig = OAuthUserConfig<FoursquareProfile> & {
  /** The `v` version date Foursquare's API requires, `YYYYMMDD`. Default `20230131`. */
  apiVersion?: string;
};

/** Foursquare's v2 API takes the token as the `oauth_token` query parameter, not a header. */
async function requestFoursquareUser(context: UserinfoRequestContext): Promise<Profile> {
  const url = new URL(String(context.provider.userinfo?.url));
  url.searchParams.set("oauth_token", String(context.tokens.access_token));
  return requestJson<Profile>(url, {}, "Foursquare user request");
}

/**
 * Sign in with Foursquare (OAuth 2). Register `{origin}/auth/callback/foursquare` as the redirect
 * URI; the client id and secret are read from `AUTH_FOURSQUARE_ID` and `AUTH_FOURSQUARE_SECRET`
 * when not given here.
 *
 * @param config Overrides of the defaults; `apiVersion` is the API version date.
 * @returns The provider configuration.
 * @see https://docs.foursquare.com/developer/reference/personalization-apis-authentication
 * @example
 * ```ts
 * import Foursquare from "@portcullis/core/providers/foursquare"
 * const providers = [Foursquare({ clientId: "id", clientSecret: "secret", apiVersion: "20240101" })]
 * ```
 */
export default function Foursquare(config?: FoursquareUserConfig): OAuth2Config<FoursquareProfile> {
  const version = encodeURIComponent(config?.apiVersion ?? "20230131");
  return defineOAuthProvider<FoursquareProfile>(
    {
      id: "foursquare",
      name: "Foursquare",
      type: "oauth",
      authorization: "https://foursquare.com/oauth2/authenticate",
      token: "https://foursquare.com/oauth2/access_token",
      userinfo: {
        url: `https://api.foursquare.com/v2/users/self?v=${version}`,
        request: requestFoursquareUser,
      },
      profile: ({ response: { user } }) => ({
        id: user.id,
        name: `${user.firstName} ${user.lastName}`,
        email: user.contact?.email ?? null,
        image: user.photo ? `${user.photo.prefix}original${user.photo.suffix}` : null,
      }),
      style: { brandColor: "#000000" },
    },
    config,
  );
}
