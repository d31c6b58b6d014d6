/**
 * The Threads provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The signed-in user as the Threads API returns it (`GET /v1.0/me`), wrapped in `data` as Auth.js reads it. */
export interface ThreadsProfile {
  data: { id: string; username?: string; threads_profile_picture_url?: string };
  [claim: string]: unknown;
}

/**
 * Sign in with Threads (OAuth 2). The default scope is `threads_basic`, with the `state` check and `client_secret_post`; Threads shares no email. Register `{origin}/auth/callback/threads` as the
 * redirect URI; the client id and secret are read from `AUTH_THREADS_ID` and
 * `AUTH_THREADS_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developers.facebook.com/docs/threads/get-started/get-access-tokens-and-permissions
 * @example
 * ```ts
 * import Threads from "@portcullis/core/providers/threads"
 * const providers = [Threads({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Threads(config?: OAuthUserConfig<ThreadsProfile>): OAuth2Config<ThreadsProfile> {
  return defineOAuthProvider<ThreadsProfile>(
    {
      id: "threads",
      name: "Threads",
      type: "oauth",
      authorization: { url: "https://threads.net/oauth/authorize", params: { scope: "threads_basic" } },
      token: "https://graph.threads.net/oauth/access_token",
      userinfo: "https://graph.threads.net/v1.0/me?fields=id,username,threads_profile_picture_url",
      checks: ["state"],
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.data.id,
        name: profile.data.username || null,
        email: null,
        image: profile.data.threads_profile_picture_url || null,
      }),
      style: { brandColor: "#000000" },
    },
    config,
  );
}
