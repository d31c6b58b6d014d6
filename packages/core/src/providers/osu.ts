/**
 * The osu! provider.
 *
 * @module
 */
import { idText } from "../adapter/ids";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The signed-in user as the osu! API returns it (`GET /api/v2/me`). */
export interface OsuProfile {
  id: number;
  username: string;
  avatar_url: string;
  country_code: string;
  is_supporter: boolean;
  [claim: string]: unknown;
}

/**
 * Sign in with osu! (OAuth 2). The default scope is `identify`; osu! shares no email. Register `{origin}/auth/callback/osu` as the
 * redirect URI; the client id and secret are read from `AUTH_OSU_ID` and
 * `AUTH_OSU_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://osu.ppy.sh/docs/index.html#authentication
 * @example
 * ```ts
 * import Osu from "@portcullis/core/providers/osu"
 * const providers = [Osu({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Osu(config?: OAuthUserConfig<OsuProfile>): OAuth2Config<OsuProfile> {
  return defineOAuthProvider<OsuProfile>(
    {
      id: "osu",
      name: "osu!",
      type: "oauth",
      authorization: { url: "https://osu.ppy.sh/oauth/authorize", params: { scope: "identify" } },
      token: "https://osu.ppy.sh/oauth/token",
      userinfo: "https://osu.ppy.sh/api/v2/me",
      profile: (profile) => ({
        id: idText(profile.id),
        name: profile.username,
        email: null,
        image: profile.avatar_url,
      }),
      style: { brandColor: "#ff66aa" },
    },
    config,
  );
}
