/**
 * The EVE Online provider.
 *
 * @module
 */
import { idText } from "../adapter/ids";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The character as EVE's SSO verify endpoint returns it. */
export interface EVEOnlineProfile {
  CharacterID: number;
  CharacterName: string;
  ExpiresOn: string;
  Scopes: string;
  TokenType: string;
  CharacterOwnerHash: string;
  IntellectualProperty: string;
  [claim: string]: unknown;
}

/**
 * Sign in with EVE Online (OAuth 2). The default scope is `publicData`, with the `state` check; EVE shares no email. Register `{origin}/auth/callback/eveonline` as the
 * redirect URI; the client id and secret are read from `AUTH_EVEONLINE_ID` and
 * `AUTH_EVEONLINE_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://docs.esi.evetech.net/docs/sso/
 * @example
 * ```ts
 * import EVEOnline from "@portcullis/core/providers/eveonline"
 * const providers = [EVEOnline({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function EVEOnline(
  config?: OAuthUserConfig<EVEOnlineProfile>,
): OAuth2Config<EVEOnlineProfile> {
  return defineOAuthProvider<EVEOnlineProfile>(
    {
      id: "eveonline",
      name: "EVE Online",
      type: "oauth",
      authorization: {
        url: "https://login.eveonline.com/v2/oauth/authorize",
        params: { scope: "publicData" },
      },
      token: "https://login.eveonline.com/v2/oauth/token",
      userinfo: "https://login.eveonline.com/oauth/verify",
      checks: ["state"],
      profile: (profile) => ({
        id: idText(profile.CharacterID),
        name: profile.CharacterName,
        email: null,
        image: `https://image.eveonline.com/Character/${profile.CharacterID}_128.jpg`,
      }),
      style: { brandColor: "#000000" },
    },
    config,
  );
}
