/**
 * The Nextcloud provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig, Profile, UserinfoRequestContext } from "../types";
import { defineOAuthProvider, requestJson } from "./oauth-factory";

/** The user as Nextcloud's OCS API returns it (`ocs.data` of `GET /ocs/v1.php/cloud/users/{id}`). */
export interface NextcloudProfile {
  id: string;
  displayname: string;
  email: string | null;
  enabled?: boolean;
  language?: string;
  locale?: string;
  [claim: string]: unknown;
}

/**
 * Reads the user from the OCS API. Nextcloud's token response names the user (`user_id`), which
 * the URL needs, and the OCS API wants its `OCS-APIRequest` header.
 */
async function requestNextcloudUser(context: UserinfoRequestContext): Promise<Profile> {
  const userId = encodeURIComponent(String(context.tokens.user_id ?? ""));
  const answer = await requestJson<{ ocs: { data: Profile } }>(
    `${String(context.provider.userinfo?.url)}/${userId}`,
    {
      headers: {
        "OCS-APIRequest": "true",
        Authorization: `Bearer ${context.tokens.access_token}`,
        Accept: "application/json",
      },
    },
    "Nextcloud user request",
  );
  return answer.ocs.data;
}

/**
 * Sign in with a Nextcloud server (OAuth 2). Set `issuer` to the server's URL, e.g.
 * `https://cloud.example.com` (or `AUTH_NEXTCLOUD_ISSUER`); every endpoint and the avatar URL are
 * built from it. Add the client under Administration settings > Security with the redirect URI
 * `{origin}/auth/callback/nextcloud`.
 *
 * @param config Overrides of the defaults; `issuer` is required.
 * @returns The provider configuration.
 * @see https://docs.nextcloud.com/server/latest/admin_manual/configuration_server/oauth2.html
 * @example
 * ```ts
 * import Nextcloud from "@portcullis/core/providers/nextcloud"
 * const providers = [Nextcloud({ issuer: "https://cloud.example.com", clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Nextcloud(
  config?: OAuthUserConfig<NextcloudProfile>,
): OAuth2Config<NextcloudProfile> {
  const issuer = typeof config?.issuer === "string" ? config.issuer.replace(/\/+$/, "") : undefined;
  return defineOAuthProvider<NextcloudProfile>(
    {
      id: "nextcloud",
      name: "Nextcloud",
      type: "oauth",
      ...(issuer && {
        authorization: `${issuer}/apps/oauth2/authorize`,
        token: `${issuer}/apps/oauth2/api/v1/token`,
        userinfo: { url: `${issuer}/ocs/v1.php/cloud/users`, request: requestNextcloudUser },
      }),
      profile: (profile) => ({
        id: profile.id,
        name: profile.displayname,
        email: profile.email,
        image: issuer ? `${issuer}/avatar/${encodeURIComponent(profile.id)}/512` : null,
      }),
      style: { brandColor: "#0082c9" },
    },
    config,
  );
}
