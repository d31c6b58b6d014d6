/**
 * The Mattermost provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The signed-in user as Mattermost's API returns it (`GET /api/v4/users/me`). */
export interface MattermostProfile {
  id: string;
  username: string;
  first_name?: string;
  last_name?: string;
  nickname?: string;
  email: string;
  email_verified?: boolean;
  roles?: string;
  locale?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with a Mattermost server (OAuth 2). Set `issuer` to the server's URL, e.g.
 * `https://chat.example.com` (or `AUTH_MATTERMOST_ISSUER`); every endpoint is built from it.
 * The client authenticates with `client_secret_post`, as Mattermost requires.
 *
 * @param config Overrides of the defaults; `issuer` is required.
 * @returns The provider configuration.
 * @see https://developers.mattermost.com/integrate/apps/authentication/oauth2/
 * @example
 * ```ts
 * import Mattermost from "@portcullis/core/providers/mattermost"
 * const providers = [Mattermost({ issuer: "https://chat.example.com", clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Mattermost(
  config?: OAuthUserConfig<MattermostProfile>,
): OAuth2Config<MattermostProfile> {
  const issuer = typeof config?.issuer === "string" ? config.issuer.replace(/\/+$/, "") : undefined;
  return defineOAuthProvider<MattermostProfile>(
    {
      id: "mattermost",
      name: "Mattermost",
      type: "oauth",
      ...(issuer && {
        authorization: `${issuer}/oauth/authorize`,
        token: `${issuer}/oauth/access_token`,
        userinfo: `${issuer}/api/v4/users/me`,
      }),
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.id,
        name: profile.username ?? `${profile.first_name} ${profile.last_name}`,
        email: profile.email,
        image: null,
      }),
      style: { brandColor: "#000000" },
    },
    config,
  );
}
