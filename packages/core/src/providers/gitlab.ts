/**
 * The GitLab provider.
 *
 * @module
 */
import { idText } from "../adapter/ids";
import { providerMark } from "../pages/provider-logos";
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

/** Options of {@link GitLab}: the common ones plus the instance's URL. */
export type GitLabUserConfig = OAuthUserConfig<GitLabProfile> & {
  /** A self-managed GitLab instance. Default `https://gitlab.com`. */
  baseUrl?: string | URL;
};

/**
 * Sign in with GitLab (OAuth 2 with PKCE, on gitlab.com). Create an application under User
 * Settings > Applications with the `read_user` scope and the redirect URI
 * `{origin}/auth/callback/gitlab`; the application id and secret are read from `AUTH_GITLAB_ID`
 * and `AUTH_GITLAB_SECRET` when not given here. For a self-managed instance, set `baseUrl` to
 * its URL (e.g. `https://gitlab.example.com`, or with a path such as
 * `https://example.com/gitlab`): the `/oauth/authorize`, `/oauth/token` and `/api/v4/user`
 * endpoints are then built from it.
 *
 * @param config Overrides of the defaults; `baseUrl` points every endpoint at a self-managed
 *   instance.
 * @returns The provider configuration.
 * @see https://docs.gitlab.com/api/oauth2/
 * @example
 * ```ts
 * import GitLab from "@portcullis/core/providers/gitlab"
 * const providers = [GitLab({ clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function GitLab(config?: GitLabUserConfig): OAuth2Config<GitLabProfile> {
  // Joined with "/" rather than resolved as a relative URL, so that an instance served under a
  // path keeps it (Auth.js's `${url}oauth/...` loses the last segment without a trailing slash).
  const base = String(config?.baseUrl ?? "https://gitlab.com").replace(/\/+$/, "");
  return defineOAuthProvider<GitLabProfile>(
    {
      id: "gitlab",
      name: "GitLab",
      type: "oauth",
      authorization: { url: `${base}/oauth/authorize`, params: { scope: "read_user" } },
      token: `${base}/oauth/token`,
      userinfo: `${base}/api/v4/user`,
      profile: (profile) => ({
        id: idText(profile.id),
        name: profile.name ?? profile.username,
        email: profile.email ?? null,
        image: profile.avatar_url ?? null,
      }),
      style: { brandColor: "#fc6d26" },
      [providerMark]: '<path d="M12 21 2.5 14 4.5 3.5 7.5 10h9l3-6.5 2 10.5z"/>',
    },
    config,
  );
}
