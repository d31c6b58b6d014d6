/**
 * The Bitbucket Cloud provider.
 *
 * @module
 */

import { discardBody } from "../cancel-body";
import { boundedFetch } from "../flows/oauth/bounded-fetch";
import type { OAuth2Config, OAuthUserConfig, Profile, UserinfoRequestContext } from "../types";
import { defineOAuthProvider, requestJson } from "./oauth-factory";

/** The user as Bitbucket's API returns it (`GET /2.0/user`), plus the email read separately. */
export interface BitbucketProfile {
  type: "user";
  uuid: string;
  account_id: string;
  username: string;
  display_name: string;
  nickname?: string;
  account_status?: string;
  created_on: string;
  is_staff?: boolean;
  links: { avatar?: { href: string }; html?: { href: string }; self?: { href: string } };
  /** The primary confirmed address from `GET /2.0/user/emails`, or null. */
  email?: string | null;
}

/** One entry of `GET /2.0/user/emails`. */
export interface BitbucketEmail {
  email: string;
  is_primary: boolean;
  is_confirmed: boolean;
  type: "email";
}

/** Reads the user and their primary confirmed email (which `/2.0/user` never includes). */
async function requestBitbucketUser(context: UserinfoRequestContext): Promise<Profile> {
  const url = String(context.provider.userinfo?.url ?? "https://api.bitbucket.org/2.0/user");
  const headers = { Authorization: `Bearer ${context.tokens.access_token}`, Accept: "application/json" };
  const user = await requestJson<Profile>(url, { headers }, "Bitbucket user request");
  const response = await boundedFetch()(`${url}/emails`, { headers });
  if (!response.ok) {
    // Without the `email` permission the user simply has no email.
    discardBody(response);
    user.email = null;
    return user;
  }
  const { values = [] } = (await response.json()) as { values?: BitbucketEmail[] };
  // Only a confirmed address counts: an unconfirmed one could belong to someone else.
  user.email = values.find((entry) => entry.is_primary && entry.is_confirmed)?.email ?? null;
  return user;
}

/**
 * Sign in with Bitbucket Cloud (OAuth 2). Create an OAuth consumer in the workspace settings with
 * the callback URL `{origin}/auth/callback/bitbucket` and the Account: Email and Read permissions;
 * the key and secret are read from `AUTH_BITBUCKET_ID` and `AUTH_BITBUCKET_SECRET` when not given
 * here. The profile request also reads `/2.0/user/emails` for the primary confirmed address.
 * Bitbucket does not support PKCE, so `state` protects the callback.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developer.atlassian.com/cloud/bitbucket/oauth-2/
 * @example
 * ```ts
 * import Bitbucket from "@portcullis/core/providers/bitbucket"
 * const providers = [Bitbucket({ clientId: "key", clientSecret: "secret" })]
 * ```
 */
export default function Bitbucket(
  config?: OAuthUserConfig<BitbucketProfile>,
): OAuth2Config<BitbucketProfile> {
  return defineOAuthProvider<BitbucketProfile>(
    {
      id: "bitbucket",
      name: "Bitbucket",
      type: "oauth",
      authorization: {
        url: "https://bitbucket.org/site/oauth2/authorize",
        params: { scope: "account email" },
      },
      token: "https://bitbucket.org/site/oauth2/access_token",
      userinfo: { url: "https://api.bitbucket.org/2.0/user", request: requestBitbucketUser },
      checks: ["state"],
      profile: (profile) => ({
        id: profile.account_id,
        name: profile.display_name ?? profile.username,
        email: profile.email ?? null,
        image: profile.links.avatar?.href ?? null,
      }),
      style: { brandColor: "#0052cc" },
    },
    config,
  );
}
