/**
 * The GitLab provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The signed-in user as GitLab's REST API returns it (`GET /api/v4/user`). */
export interface GitLabProfile {
  id: number;
  username: string;
  name: string;
  state: "active" | "blocked" | "deactivated" | string;
  locked?: boolean;
  avatar_url: string | null;
  web_url: string;
  created_at: string;
  bio?: string;
  location?: string | null;
  public_email?: string | null;
  website_url?: string;
  organization?: string | null;
  job_title?: string;
  pronouns?: string | null;
  bot?: boolean;
  last_sign_in_at?: string | null;
  confirmed_at?: string | null;
  last_activity_on?: string | null;
  /** The primary email; GitLab requires it to be confirmed. */
  email: string;
  commit_email?: string;
  two_factor_enabled?: boolean;
  external?: boolean;
  private_profile?: boolean;
}

/**
 * Sign in with GitLab (OAuth 2 with PKCE, on gitlab.com). Create an application under User
 * Settings > Applications with the `read_user` scope and the redirect URI
 * `{origin}/auth/callback/gitlab`; the application id and secret are read from `AUTH_GITLAB_ID`
 * and `AUTH_GITLAB_SECRET` when not given here. For a self-managed instance, override
 * `authorization`, `token` and `userinfo` with the instance's `/oauth/authorize`, `/oauth/token`
 * and `/api/v4/user` URLs.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://docs.gitlab.com/api/oauth2/
 * @example
 * ```ts
 * import GitLab from "@portcullis/core/providers/gitlab"
 * const providers = [GitLab({ clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function GitLab(config?: OAuthUserConfig<GitLabProfile>): OAuth2Config<GitLabProfile> {
  return defineOAuthProvider<GitLabProfile>(
    {
      id: "gitlab",
      name: "GitLab",
      type: "oauth",
      authorization: { url: "https://gitlab.com/oauth/authorize", params: { scope: "read_user" } },
      token: "https://gitlab.com/oauth/token",
      userinfo: "https://gitlab.com/api/v4/user",
      profile: (profile) => ({
        id: String(profile.id),
        name: profile.name ?? profile.username,
        email: profile.email ?? null,
        image: profile.avatar_url ?? null,
      }),
      style: { brandColor: "#fc6d26" },
    },
    config,
  );
}
