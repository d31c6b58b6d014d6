/**
 * The HubSpot provider.
 *
 * @module
 */
import { idText } from "../adapter/ids";
import type { OAuth2Config, OAuthUserConfig, Profile, UserinfoRequestContext } from "../types";
import { defineOAuthProvider, requestJson } from "./oauth-factory";

/** The access token's metadata (`GET /oauth/v1/access-tokens/{token}`), HubSpot's only user info. */
export interface HubSpotProfile {
  /** The email address of the user who installed the app. */
  user: string;
  user_id: number;
  hub_domain: string;
  hub_id: number;
  app_id: number;
  scopes: string[];
  expires_in: number;
  token_type: string;
}

/** HubSpot identifies the user through the token's metadata, with the token in the path. */
function requestHubSpotTokenInfo(context: UserinfoRequestContext): Promise<Profile> {
  const base = String(context.provider.userinfo?.url ?? "https://api.hubapi.com/oauth/v1/access-tokens");
  const url = `${base.replace(/\/+$/, "")}/${encodeURIComponent(context.tokens.access_token ?? "")}`;
  return requestJson<Profile>(url, { headers: { Accept: "application/json" } }, "HubSpot token info request");
}

/**
 * Sign in with HubSpot (OAuth 2). Add `{origin}/auth/callback/hubspot` to the app's redirect URLs
 * in the HubSpot developer account; the client id and secret are read from `AUTH_HUBSPOT_ID` and
 * `AUTH_HUBSPOT_SECRET` when not given here. HubSpot has no user-info endpoint: the profile is the
 * token's metadata, whose `user` is the email address. The secret goes in the request body
 * (`client_secret_post`), and HubSpot does not support PKCE, so `state` protects the callback.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developers.hubspot.com/docs/api/oauth-quickstart-guide
 * @example
 * ```ts
 * import HubSpot from "@portcullis/core/providers/hubspot"
 * const providers = [HubSpot({ clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function HubSpot(config?: OAuthUserConfig<HubSpotProfile>): OAuth2Config<HubSpotProfile> {
  return defineOAuthProvider<HubSpotProfile>(
    {
      id: "hubspot",
      name: "HubSpot",
      type: "oauth",
      authorization: { url: "https://app.hubspot.com/oauth/authorize", params: { scope: "oauth" } },
      token: "https://api.hubapi.com/oauth/v1/token",
      userinfo: { url: "https://api.hubapi.com/oauth/v1/access-tokens", request: requestHubSpotTokenInfo },
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["state"],
      profile: (profile) => ({
        id: idText(profile.user_id),
        name: profile.user,
        email: profile.user,
        image: null,
      }),
      style: { brandColor: "#ff7a59" },
    },
    config,
  );
}
