/**
 * The GitHub provider (github.com or GitHub Enterprise Server).
 *
 * @module
 */

import { idText } from "../adapter/ids";
import { discardBody } from "../cancel-body";
import { boundedFetch } from "../flows/oauth/bounded-fetch";
import { providerMark } from "../pages/provider-logos";
import type { OAuth2Config, OAuthUserConfig, Profile, UserinfoRequestContext } from "../types";
import { defineOAuthProvider, requestJson } from "./oauth-factory";

/** The authenticated user as GitHub's REST API returns it (`GET /user`). */
export interface GitHubProfile {
  login: string;
  id: number;
  node_id: string;
  avatar_url: string;
  gravatar_id: string | null;
  url: string;
  html_url: string;
  type: string;
  site_admin: boolean;
  name: string | null;
  company: string | null;
  blog: string | null;
  location: string | null;
  /** The public email; null when the user keeps it private (then read from `/user/emails`). */
  email: string | null;
  hireable: boolean | null;
  bio: string | null;
  twitter_username?: string | null;
  public_repos: number;
  public_gists: number;
  followers: number;
  following: number;
  created_at: string;
  updated_at: string;
  two_factor_authentication?: boolean;
}

/** One entry of `GET /user/emails`. */
export interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
  visibility: "public" | "private" | null;
}

/** Options of {@link GitHub}: the common ones plus the base URL of a GitHub Enterprise Server. */
export type GitHubUserConfig = OAuthUserConfig<GitHubProfile> & {
  /** GitHub Enterprise Server, e.g. `{ baseUrl: "https://github.example.com" }`. */
  enterprise?: { baseUrl?: string };
};

const API_HEADERS = { Accept: "application/vnd.github+json", "X-GitHub-Api-Version": "2022-11-28" };

/**
 * Returns the primary address of the user, or null. Only a verified address counts: an
 * unverified one could belong to someone else, and emails may be used to link accounts.
 */
async function primaryVerifiedEmail(url: string, headers: Record<string, string>): Promise<string | null> {
  const response = await boundedFetch()(url, { headers });
  if (!response.ok) {
    // Without the `user:email` scope GitHub refuses; the user then simply has no email.
    discardBody(response);
    return null;
  }
  const emails = (await response.json()) as GitHubEmail[];
  return emails.find((entry) => entry.primary && entry.verified)?.email ?? null;
}

/** Reads the user, and their email from `{userinfo url}/emails` when they keep it private. */
async function requestGitHubUser(context: UserinfoRequestContext, fallbackUrl: string): Promise<Profile> {
  const url = String(context.provider.userinfo?.url ?? fallbackUrl);
  const headers = {
    ...API_HEADERS,
    Authorization: `Bearer ${context.tokens.access_token}`,
    // GitHub rejects API requests without a User-Agent.
    "User-Agent": "portcullis",
  };
  const user = await requestJson<Profile>(url, { headers }, "GitHub user request");
  if (!user.email) user.email = await primaryVerifiedEmail(`${url}/emails`, headers);
  return user;
}

/**
 * Sign in with GitHub, through an OAuth App or a GitHub App. Register
 * `{origin}/auth/callback/github` as the app's callback URL; the client id and secret are read
 * from `AUTH_GITHUB_ID` and `AUTH_GITHUB_SECRET` when not given here. The default scope is
 * `read:user user:email`. When the user keeps their email private, the profile request also reads
 * `/user/emails` and takes the primary verified address.
 *
 * @param config Overrides of the defaults; `enterprise.baseUrl` points every endpoint at a
 *   GitHub Enterprise Server.
 * @returns The provider configuration.
 * @see https://docs.github.com/en/apps/oauth-apps/building-oauth-apps/authorizing-oauth-apps
 * @example
 * ```ts
 * import GitHub from "@portcullis/core/providers/github"
 * const providers = [GitHub({ clientId: "Iv1.0123", clientSecret: "secret" })]
 * ```
 */
export default function GitHub(config?: GitHubUserConfig): OAuth2Config<GitHubProfile> {
  const baseUrl = config?.enterprise?.baseUrl?.replace(/\/+$/, "") ?? "https://github.com";
  const apiUrl = config?.enterprise?.baseUrl ? `${baseUrl}/api/v3` : "https://api.github.com";
  return defineOAuthProvider<GitHubProfile>(
    {
      id: "github",
      name: "GitHub",
      type: "oauth",
      authorization: { url: `${baseUrl}/login/oauth/authorize`, params: { scope: "read:user user:email" } },
      token: `${baseUrl}/login/oauth/access_token`,
      userinfo: { url: `${apiUrl}/user`, request: (context) => requestGitHubUser(context, `${apiUrl}/user`) },
      profile: (profile) => ({
        id: idText(profile.id),
        name: profile.name ?? profile.login,
        email: profile.email ?? null,
        image: profile.avatar_url,
      }),
      style: { brandColor: "#24292f" },
      [providerMark]:
        '<path d="M12 2a10 10 0 0 0-3 19.5V19c-2.5.5-3-1-3.5-2l-1-1h1c1 0 1.5 1 2 1.5s1.5.3 1.8 0c.1-.7.4-1 .7-1.3-2.5-.3-4.5-1.5-4.5-5 0-1 .4-2 1-2.7-.2-.6-.2-1.7.2-2.6 1 0 2 .6 2.8 1.2a9 9 0 0 1 5 0c.8-.6 1.8-1.2 2.8-1.2.4.9.4 2 .2 2.6.6.7 1 1.7 1 2.7 0 3.5-2 4.7-4.5 5 .5.4.7 1 .7 2v3.3A10 10 0 0 0 12 2z"/>',
    },
    config,
  );
}
