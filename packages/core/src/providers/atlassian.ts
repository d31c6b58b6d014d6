/**
 * The Atlassian provider (Jira, Confluence and other Atlassian Cloud accounts).
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The user as Atlassian's User Identity API returns it (`GET https://api.atlassian.com/me`). */
export interface AtlassianProfile {
  account_id: string;
  account_type: string;
  account_status: "active" | "inactive" | "closed";
  email: string;
  email_verified?: boolean;
  name: string;
  nickname?: string;
  picture: string;
  zoneinfo?: string;
  locale?: string;
  extended_profile?: { job_title?: string; organization?: string; department?: string; location?: string };
}

/**
 * Sign in with an Atlassian account (OAuth 2.0 "3LO"). Add `{origin}/auth/callback/atlassian` as
 * the callback URL of the app in the Atlassian developer console, and enable the User Identity API
 * for its `read:me` scope. The client id and secret are read from `AUTH_ATLASSIAN_ID` and
 * `AUTH_ATLASSIAN_SECRET` when not given here. Atlassian does not support PKCE, so `state`
 * protects the callback.
 *
 * @param config Overrides of the defaults (add product scopes through `authorization.params.scope`).
 * @returns The provider configuration.
 * @see https://developer.atlassian.com/cloud/oauth/getting-started/implementing-oauth-3lo
 * @example
 * ```ts
 * import Atlassian from "@portcullis/core/providers/atlassian"
 * const providers = [Atlassian({ clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function Atlassian(
  config?: OAuthUserConfig<AtlassianProfile>,
): OAuth2Config<AtlassianProfile> {
  return defineOAuthProvider<AtlassianProfile>(
    {
      id: "atlassian",
      name: "Atlassian",
      type: "oauth",
      authorization: {
        url: "https://auth.atlassian.com/authorize",
        params: { audience: "api.atlassian.com", scope: "read:me" },
      },
      token: "https://auth.atlassian.com/oauth/token",
      userinfo: "https://api.atlassian.com/me",
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["state"],
      profile: (profile) => ({
        id: profile.account_id,
        name: profile.name,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#0052cc" },
    },
    config,
  );
}
