/**
 * The Bungie provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig, Profile, UserinfoRequestContext } from "../types";
import { defineOAuthProvider, requestJson } from "./oauth-factory";

/** The account as Bungie's `GetBungieAccount` endpoint returns it. */
export interface BungieProfile {
  Response: {
    bungieNetUser: {
      membershipId: string;
      displayName: string;
      profilePicturePath: string;
      [key: string]: unknown;
    };
    [key: string]: unknown;
  };
  [claim: string]: unknown;
}

/** Options of {@link Bungie}: the common ones plus the application's API key. */
export type BungieUserConfig = OAuthUserConfig<BungieProfile> & {
  /** The application's API key, sent as `X-API-Key` on the profile request; Bungie requires it. */
  apiKey?: string;
};

const USERINFO = "https://www.bungie.net/platform/User/GetBungieAccount/{membershipId}/254/";

/**
 * Reads the account. Bungie names the user in the token response (`membership_id`), and the
 * profile URL must carry it, so the `{membershipId}` placeholder is filled in here.
 */
async function requestBungieAccount(context: UserinfoRequestContext, apiKey?: string): Promise<Profile> {
  const template = String(context.provider.userinfo?.url ?? USERINFO);
  const membershipId = encodeURIComponent(String(context.tokens.membership_id ?? ""));
  const headers: Record<string, string> = { Authorization: `Bearer ${context.tokens.access_token}` };
  if (apiKey) headers["X-API-Key"] = apiKey;
  return requestJson<Profile>(
    template.replace(/\{membershipId\}|%7BmembershipId%7D/, membershipId),
    { headers },
    "Bungie account request",
  );
}

/**
 * Sign in with a Bungie.net account (OAuth 2). Register `{origin}/auth/callback/bungie` as the
 * redirect URL (Bungie requires https); the client id and secret are read from `AUTH_BUNGIE_ID`
 * and `AUTH_BUNGIE_SECRET` when not given here. Bungie shares no email.
 *
 * @param config Overrides of the defaults; `apiKey` is the application's API key.
 * @returns The provider configuration.
 * @see https://github.com/Bungie-net/api/wiki/OAuth-Documentation
 * @example
 * ```ts
 * import Bungie from "@portcullis/core/providers/bungie"
 * const providers = [Bungie({ clientId: "id", clientSecret: "secret", apiKey: "key" })]
 * ```
 */
export default function Bungie(config?: BungieUserConfig): OAuth2Config<BungieProfile> {
  return defineOAuthProvider<BungieProfile>(
    {
      id: "bungie",
      name: "Bungie",
      type: "oauth",
      authorization: { url: "https://www.bungie.net/en/OAuth/Authorize", params: { reauth: "true" } },
      token: "https://www.bungie.net/platform/app/oauth/token/",
      userinfo: { url: USERINFO, request: (context) => requestBungieAccount(context, config?.apiKey) },
      profile: (profile) => {
        const user = profile.Response.bungieNetUser;
        const path = user.profilePicturePath;
        return {
          id: user.membershipId,
          name: user.displayName,
          email: null,
          image: `https://www.bungie.net${path.startsWith("/") ? "" : "/"}${path}`,
        };
      },
      style: { brandColor: "#0096db" },
    },
    config,
  );
}
