/**
 * The Zoho provider.
 *
 * @module
 */
import { idText } from "../adapter/ids";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The signed-in user as Zoho Accounts returns it (`GET /oauth/user/info`). */
export interface ZohoProfile {
  ZUID: number;
  First_Name: string;
  Last_Name: string;
  Email: string;
  Display_Name: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Zoho (OAuth 2). The default scope is `AaaServer.profile.Read`, on the accounts.zoho.com data centre. Register `{origin}/auth/callback/zoho` as the
 * redirect URI; the client id and secret are read from `AUTH_ZOHO_ID` and
 * `AUTH_ZOHO_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://www.zoho.com/accounts/protocol/oauth.html
 * @example
 * ```ts
 * import Zoho from "@portcullis/core/providers/zoho"
 * const providers = [Zoho({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Zoho(config?: OAuthUserConfig<ZohoProfile>): OAuth2Config<ZohoProfile> {
  return defineOAuthProvider<ZohoProfile>(
    {
      id: "zoho",
      name: "Zoho",
      type: "oauth",
      authorization: {
        url: "https://accounts.zoho.com/oauth/v2/auth",
        params: { scope: "AaaServer.profile.Read" },
      },
      token: "https://accounts.zoho.com/oauth/v2/token",
      userinfo: "https://accounts.zoho.com/oauth/user/info",
      profile: (profile) => ({
        id: idText(profile.ZUID),
        name: `${profile.First_Name} ${profile.Last_Name}`,
        email: profile.Email,
        image: null,
      }),
      style: { brandColor: "#e42527" },
    },
    config,
  );
}
