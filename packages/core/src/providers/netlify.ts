/**
 * The Netlify provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The signed-in user as Netlify's API returns it (`GET /api/v1/user`). */
export interface NetlifyProfile {
  id: string;
  full_name: string | null;
  email: string;
  avatar_url: string | null;
  [claim: string]: unknown;
}

/**
 * Sign in with Netlify (OAuth 2). Register `{origin}/auth/callback/netlify` as the
 * redirect URI; the client id and secret are read from `AUTH_NETLIFY_ID` and
 * `AUTH_NETLIFY_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://docs.netlify.com/api/get-started/#authentication
 * @example
 * ```ts
 * import Netlify from "@portcullis/core/providers/netlify"
 * const providers = [Netlify({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Netlify(config?: OAuthUserConfig<NetlifyProfile>): OAuth2Config<NetlifyProfile> {
  return defineOAuthProvider<NetlifyProfile>(
    {
      id: "netlify",
      name: "Netlify",
      type: "oauth",
      authorization: { url: "https://app.netlify.com/authorize", params: { scope: "" } },
      token: "https://api.netlify.com/oauth/token",
      userinfo: "https://api.netlify.com/api/v1/user",
      profile: (profile) => ({
        id: profile.id,
        name: profile.full_name,
        email: profile.email,
        image: profile.avatar_url,
      }),
      style: { brandColor: "#32e6e2" },
    },
    config,
  );
}
