/**
 * The Webex provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The signed-in person as the Webex API returns them (`GET /people/me`). */
export interface WebexProfile {
  id: string;
  emails: string[];
  displayName?: string;
  avatar?: string;
  [claim: string]: unknown;
}

/** Options of {@link Webex}: the common ones plus the API base URL. */
export type WebexUserConfig = OAuthUserConfig<WebexProfile> & {
  /** Base URL of the Webex API. Default `https://webexapis.com/v1`. */
  apiBaseUrl?: string;
};

/**
 * Sign in with Webex (OAuth 2). The default scope is `spark:kms spark:people_read`. Register
 * `{origin}/auth/callback/webex` as the integration's redirect URI; the client id and secret are
 * read from `AUTH_WEBEX_ID` and `AUTH_WEBEX_SECRET` when not given here.
 *
 * @param config Overrides of the defaults; `apiBaseUrl` moves every endpoint to another API host.
 * @returns The provider configuration.
 * @see https://developer.webex.com/docs/integrations
 * @example
 * ```ts
 * import Webex from "@portcullis/core/providers/webex"
 * const providers = [Webex({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Webex(config?: WebexUserConfig): OAuth2Config<WebexProfile> {
  const api = (config?.apiBaseUrl ?? "https://webexapis.com/v1").replace(/\/+$/, "");
  return defineOAuthProvider<WebexProfile>(
    {
      id: "webex",
      name: "Webex",
      type: "oauth",
      authorization: { url: `${api}/authorize`, params: { scope: "spark:kms spark:people_read" } },
      token: `${api}/access_token`,
      userinfo: `${api}/people/me`,
      profile: (profile) => ({
        id: profile.id,
        email: profile.emails?.[0] ?? null,
        name: profile.displayName ?? null,
        image: profile.avatar ?? null,
      }),
      style: { brandColor: "#07c1e4" },
    },
    config,
  );
}
