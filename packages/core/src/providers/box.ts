/**
 * The Box provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The user as Box's API returns it (`GET /2.0/users/me`). */
export interface BoxProfile {
  type: "user";
  id: string;
  name: string;
  /** The primary email address. */
  login: string;
  avatar_url?: string;
  created_at?: string;
  modified_at?: string;
  language?: string;
  timezone?: string;
  space_amount?: number;
  space_used?: number;
  max_upload_size?: number;
  status?: "active" | "inactive" | "cannot_delete_edit" | "cannot_delete_edit_upload";
  job_title?: string;
  phone?: string;
  address?: string;
}

/**
 * Sign in with Box (OAuth 2 with user authentication). Set the app's redirect URI to
 * `{origin}/auth/callback/box` in the Box developer console; the client id and secret are read
 * from `AUTH_BOX_ID` and `AUTH_BOX_SECRET` when not given here. Box takes the scopes from the
 * app's configuration, sends the client secret in the request body (`client_secret_post`) and does
 * not support PKCE, so `state` protects the callback.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developer.box.com/guides/authentication/oauth2/
 * @example
 * ```ts
 * import Box from "@portcullis/core/providers/box"
 * const providers = [Box({ clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function Box(config?: OAuthUserConfig<BoxProfile>): OAuth2Config<BoxProfile> {
  return defineOAuthProvider<BoxProfile>(
    {
      id: "box",
      name: "Box",
      type: "oauth",
      authorization: { url: "https://account.box.com/api/oauth2/authorize", params: {} },
      token: "https://api.box.com/oauth2/token",
      userinfo: "https://api.box.com/2.0/users/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["state"],
      profile: (profile) => ({
        id: profile.id,
        name: profile.name,
        email: profile.login ?? null,
        image: profile.avatar_url ?? null,
      }),
      style: { brandColor: "#0061d5" },
    },
    config,
  );
}
