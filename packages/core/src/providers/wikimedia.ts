/**
 * The Wikimedia provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The signed-in user as Wikimedia's OAuth 2 profile endpoint returns it. */
export interface WikimediaProfile {
  sub: string;
  username: string;
  editcount: number;
  confirmed_email: boolean;
  blocked: boolean;
  registered: string;
  groups: string[];
  rights: string[];
  realname: string;
  email: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Wikimedia (OAuth 2). The app is registered on Meta-Wiki and works across every Wikimedia wiki. Register `{origin}/auth/callback/wikimedia` as the
 * redirect URI; the client id and secret are read from `AUTH_WIKIMEDIA_ID` and
 * `AUTH_WIKIMEDIA_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://www.mediawiki.org/wiki/Extension:OAuth#OAuth_2
 * @example
 * ```ts
 * import Wikimedia from "@portcullis/core/providers/wikimedia"
 * const providers = [Wikimedia({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Wikimedia(
  config?: OAuthUserConfig<WikimediaProfile>,
): OAuth2Config<WikimediaProfile> {
  return defineOAuthProvider<WikimediaProfile>(
    {
      id: "wikimedia",
      name: "Wikimedia",
      type: "oauth",
      authorization: { url: "https://meta.wikimedia.org/w/rest.php/oauth2/authorize", params: { scope: "" } },
      token: "https://meta.wikimedia.org/w/rest.php/oauth2/access_token",
      userinfo: "https://meta.wikimedia.org/w/rest.php/oauth2/resource/profile",
      profile: (profile) => ({
        id: profile.sub,
        name: profile.username,
        email: profile.email,
        image: null,
      }),
      style: { brandColor: "#000000" },
    },
    config,
  );
}
