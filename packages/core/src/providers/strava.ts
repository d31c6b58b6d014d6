/**
 * The Strava provider.
 *
 * @module
 */
import { idText } from "../adapter/ids";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The athlete as Strava's API returns it (`GET /api/v3/athlete`, summary representation). */
export interface StravaProfile {
  id: number;
  username: string | null;
  resource_state: number;
  firstname: string;
  lastname: string;
  bio?: string | null;
  city?: string | null;
  state?: string | null;
  country?: string | null;
  sex?: "M" | "F" | null;
  premium?: boolean;
  summit?: boolean;
  created_at: string;
  updated_at: string;
  weight?: number | null;
  /** The 124x124 profile picture. */
  profile_medium: string;
  /** The large profile picture. */
  profile: string;
}

/**
 * Sign in with Strava (OAuth 2). Set the app's Authorization Callback Domain to your site's domain
 * (the callback URL is `{origin}/auth/callback/strava`); the client id and secret are read from
 * `AUTH_STRAVA_ID` and `AUTH_STRAVA_SECRET` when not given here. Strava shares no email address,
 * takes the secret in the request body (`client_secret_post`) and does not support PKCE, so
 * `state` protects the callback.
 *
 * @param config Overrides of the defaults (e.g. `authorization.params.scope: "read,activity:read"`).
 * @returns The provider configuration.
 * @see https://developers.strava.com/docs/authentication/
 * @example
 * ```ts
 * import Strava from "@portcullis/core/providers/strava"
 * const providers = [Strava({ clientId: "12345", clientSecret: "secret" })]
 * ```
 */
export default function Strava(config?: OAuthUserConfig<StravaProfile>): OAuth2Config<StravaProfile> {
  return defineOAuthProvider<StravaProfile>(
    {
      id: "strava",
      name: "Strava",
      type: "oauth",
      authorization: {
        url: "https://www.strava.com/oauth/authorize",
        params: { scope: "read", approval_prompt: "auto" },
      },
      token: "https://www.strava.com/oauth/token",
      userinfo: "https://www.strava.com/api/v3/athlete",
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["state"],
      profile: (profile) => ({
        id: idText(profile.id),
        name: [profile.firstname, profile.lastname].filter(Boolean).join(" ") || profile.username || null,
        email: null,
        image: profile.profile ?? null,
      }),
      style: { brandColor: "#fc4c02" },
    },
    config,
  );
}
