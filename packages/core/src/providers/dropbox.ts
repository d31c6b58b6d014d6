/**
 * The Dropbox provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig, Profile, UserinfoRequestContext } from "../types";
import { defineOAuthProvider, requestJson } from "./oauth-factory";

/** The account as Dropbox's API returns it (`POST /2/users/get_current_account`). */
export interface DropboxProfile {
  account_id: string;
  name: {
    given_name: string;
    surname: string;
    familiar_name: string;
    display_name: string;
    abbreviated_name: string;
  };
  email: string;
  email_verified: boolean;
  disabled: boolean;
  locale: string;
  referral_link: string;
  is_paired: boolean;
  account_type: { ".tag": "basic" | "pro" | "business" };
  root_info?: { ".tag": string; root_namespace_id: string; home_namespace_id: string };
  profile_photo_url?: string;
  country?: string;
}

/** Dropbox's user endpoint is an RPC call: a POST with no body, not a GET. */
function requestDropboxAccount(context: UserinfoRequestContext): Promise<Profile> {
  const url = context.provider.userinfo?.url ?? "https://api.dropboxapi.com/2/users/get_current_account";
  const init = { method: "POST", headers: { Authorization: `Bearer ${context.tokens.access_token}` } };
  return requestJson<Profile>(url, init, "Dropbox account request");
}

/**
 * Sign in with Dropbox (OAuth 2 with PKCE). Add `{origin}/auth/callback/dropbox` to the app's
 * redirect URIs in the Dropbox App Console and enable the `account_info.read` permission; the app
 * key and secret are read from `AUTH_DROPBOX_ID` and `AUTH_DROPBOX_SECRET` when not given here.
 *
 * @param config Overrides of the defaults (`authorization.params.token_access_type: "offline"`
 *   asks for a refresh token).
 * @returns The provider configuration.
 * @see https://developers.dropbox.com/oauth-guide
 * @example
 * ```ts
 * import Dropbox from "@portcullis/core/providers/dropbox"
 * const providers = [Dropbox({ clientId: "key", clientSecret: "secret" })]
 * ```
 */
export default function Dropbox(config?: OAuthUserConfig<DropboxProfile>): OAuth2Config<DropboxProfile> {
  return defineOAuthProvider<DropboxProfile>(
    {
      id: "dropbox",
      name: "Dropbox",
      type: "oauth",
      authorization: {
        url: "https://www.dropbox.com/oauth2/authorize",
        params: { scope: "account_info.read" },
      },
      token: "https://api.dropboxapi.com/oauth2/token",
      userinfo: {
        url: "https://api.dropboxapi.com/2/users/get_current_account",
        request: requestDropboxAccount,
      },
      profile: (profile) => ({
        id: profile.account_id,
        name: profile.name.display_name,
        email: profile.email ?? null,
        image: profile.profile_photo_url ?? null,
      }),
      style: { brandColor: "#0061fe" },
    },
    config,
  );
}
