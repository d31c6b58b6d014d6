/**
 * The Spotify provider.
 *
 * @module
 */

import { providerMark } from "../pages/provider-logos";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** An image of a Spotify user. */
export interface SpotifyImage {
  url: string;
  height: number | null;
  width: number | null;
}

/** The current user as Spotify's Web API returns it (`GET /v1/me`). */
export interface SpotifyProfile {
  id: string;
  display_name: string | null;
  /** Present with the `user-read-email` scope; Spotify does not verify it. */
  email?: string;
  images: SpotifyImage[];
  country?: string;
  product?: string;
  explicit_content?: { filter_enabled: boolean; filter_locked: boolean };
  external_urls: { spotify: string };
  followers: { href: string | null; total: number };
  href: string;
  type: "user";
  uri: string;
}

/**
 * Sign in with Spotify (OAuth 2 with PKCE). Add `{origin}/auth/callback/spotify` to the app's
 * Redirect URIs in the Spotify developer dashboard; the client id and secret are read from
 * `AUTH_SPOTIFY_ID` and `AUTH_SPOTIFY_SECRET` when not given here. The image is the largest one
 * Spotify lists.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developer.spotify.com/documentation/web-api/tutorials/code-pkce-flow
 * @example
 * ```ts
 * import Spotify from "@portcullis/core/providers/spotify"
 * const providers = [Spotify({ clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function Spotify(config?: OAuthUserConfig<SpotifyProfile>): OAuth2Config<SpotifyProfile> {
  return defineOAuthProvider<SpotifyProfile>(
    {
      id: "spotify",
      name: "Spotify",
      type: "oauth",
      authorization: { url: "https://accounts.spotify.com/authorize", params: { scope: "user-read-email" } },
      token: "https://accounts.spotify.com/api/token",
      userinfo: "https://api.spotify.com/v1/me",
      profile: (profile) => {
        const [largest] = [...(profile.images ?? [])].sort((a, b) => (b.width ?? 0) - (a.width ?? 0));
        return {
          id: profile.id,
          name: profile.display_name ?? profile.id,
          email: profile.email ?? null,
          image: largest?.url ?? null,
        };
      },
      style: { brandColor: "#1db954" },
      [providerMark]:
        '<g fill="none" stroke="currentColor" stroke-linecap="round"><circle cx="12" cy="12" r="10" stroke-width="2"/><path d="M7 9.5c3.5-1 7.5-.7 10.5 1m-10 2.3c3-.8 6-.5 8.5 1M8 15.8c2.3-.6 4.6-.4 6.5.7" stroke-width="1.6"/></g>',
    },
    config,
  );
}
