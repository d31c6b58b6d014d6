/**
 * The Roblox provider.
 *
 * @module
 */
import { defaultProfile } from "../flows/oauth/profile";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims Roblox issues for `openid profile`. */
export interface RobloxProfile {
  sub: string;
  name: string;
  nickname: string;
  preferred_username: string;
  created_at: number;
  profile: string;
  picture: string | null;
  [claim: string]: unknown;
}

/**
 * Sign in with Roblox (OpenID Connect). The issuer is `https://apis.roblox.com/oauth/` and the default scope `openid profile` (Roblox shares no email); the checks are `pkce` and `state`. Register
 * `{origin}/auth/callback/roblox` as the redirect URI; the client id and secret are read from
 * `AUTH_ROBLOX_ID` and `AUTH_ROBLOX_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://create.roblox.com/docs/cloud/open-cloud/oauth2-overview
 * @example
 * ```ts
 * import Roblox from "@portcullis/core/providers/roblox"
 * const providers = [Roblox({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Roblox(config?: OIDCUserConfig<RobloxProfile>): OIDCConfig<RobloxProfile> {
  return defineOIDCProvider<RobloxProfile>(
    {
      id: "roblox",
      name: "Roblox",
      type: "oidc",
      issuer: "https://apis.roblox.com/oauth/",
      authorization: { params: { scope: "openid profile" } },
      checks: ["pkce", "state"],
      profile: defaultProfile,
      style: { brandColor: "#5865f2" },
    },
    config,
  );
}
