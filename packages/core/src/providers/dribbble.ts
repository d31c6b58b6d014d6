/**
 * The Dribbble provider.
 *
 * @module
 */
import { idText } from "../adapter/ids";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The signed-in user as Dribbble's API returns it (`GET /v2/user`). */
export interface DribbbleProfile {
  id: number;
  name: string;
  login: string;
  email: string;
  avatar_url: string;
  [claim: string]: unknown;
}

/** Options of {@link Dribbble}: the common ones plus the scope to ask for. */
export type DribbbleUserConfig = OAuthUserConfig<DribbbleProfile> & {
  /** `public` (default) or `public upload`. */
  scope?: "public" | "public upload";
};

/**
 * Sign in with Dribbble (OAuth 2). Register `{origin}/auth/callback/dribbble` as the callback
 * URL; the client id and secret are read from `AUTH_DRIBBBLE_ID` and `AUTH_DRIBBBLE_SECRET` when
 * not given here.
 *
 * @param config Overrides of the defaults; `scope` sets the requested scope (Dribbble's default is `public`).
 * @returns The provider configuration.
 * @see https://developer.dribbble.com/v2/oauth/
 * @example
 * ```ts
 * import Dribbble from "@portcullis/core/providers/dribbble"
 * const providers = [Dribbble({ clientId: "id", clientSecret: "secret", scope: "public upload" })]
 * ```
 */
export default function Dribbble(config?: DribbbleUserConfig): OAuth2Config<DribbbleProfile> {
  return defineOAuthProvider<DribbbleProfile>(
    {
      id: "dribbble",
      name: "Dribbble",
      type: "oauth",
      // Without a scope Dribbble grants `public`, so none is sent unless one is chosen.
      authorization: {
        url: "https://dribbble.com/oauth/authorize",
        params: { ...(config?.scope && { scope: config.scope }) },
      },
      token: "https://dribbble.com/oauth/token",
      userinfo: "https://api.dribbble.com/v2/user",
      profile: (profile) => ({
        id: idText(profile.id),
        name: profile.name,
        email: profile.email,
        image: profile.avatar_url,
      }),
      style: { brandColor: "#000000" },
    },
    config,
  );
}
