/**
 * The Zoom provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The user as Zoom's API returns it (`GET /v2/users/me`). */
export interface ZoomProfile {
  id: string;
  first_name: string;
  last_name: string;
  display_name?: string;
  email: string;
  type: number;
  role_name?: string;
  pmi?: number;
  use_pmi?: boolean;
  personal_meeting_url?: string;
  timezone?: string;
  verified?: number;
  dept?: string;
  created_at?: string;
  last_login_time?: string;
  last_client_version?: string;
  pic_url?: string;
  language?: string;
  phone_number?: string;
  status?: "pending" | "active" | "inactive";
  account_id?: string;
  account_number?: number;
  cluster?: string;
  user_created_at?: string;
}

/**
 * Sign in with Zoom (OAuth 2 with PKCE, a user-managed General app). Set the app's OAuth Redirect
 * URL to `{origin}/auth/callback/zoom` and add it to the allow list; the client id and secret are
 * read from `AUTH_ZOOM_ID` and `AUTH_ZOOM_SECRET` when not given here. Zoom takes the scopes from
 * the app's configuration (add `user:read:user` for the profile).
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developers.zoom.us/docs/integrations/oauth/
 * @example
 * ```ts
 * import Zoom from "@portcullis/core/providers/zoom"
 * const providers = [Zoom({ clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function Zoom(config?: OAuthUserConfig<ZoomProfile>): OAuth2Config<ZoomProfile> {
  return defineOAuthProvider<ZoomProfile>(
    {
      id: "zoom",
      name: "Zoom",
      type: "oauth",
      authorization: { url: "https://zoom.us/oauth/authorize", params: {} },
      token: "https://zoom.us/oauth/token",
      userinfo: "https://api.zoom.us/v2/users/me",
      profile: (profile) => ({
        id: profile.id,
        name:
          profile.display_name || [profile.first_name, profile.last_name].filter(Boolean).join(" ") || null,
        email: profile.email ?? null,
        image: profile.pic_url ?? null,
      }),
      style: { brandColor: "#0b5cff" },
    },
    config,
  );
}
