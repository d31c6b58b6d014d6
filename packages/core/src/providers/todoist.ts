/**
 * The Todoist provider.
 *
 * @module
 */
import { idText } from "../adapter/ids";
import type { OAuth2Config, OAuthUserConfig, Profile, UserinfoRequestContext } from "../types";
import { defineOAuthProvider, requestJson } from "./oauth-factory";

/** The user resource of Todoist's Sync API. */
export interface TodoistProfile {
  id: string;
  email: string;
  full_name: string;
  avatar_big: string;
  [claim: string]: unknown;
}

const SYNC_URL = "https://api.todoist.com/sync/v9/sync";

/** Todoist has no userinfo endpoint: the user comes from a Sync API read of the `user` resource. */
async function requestTodoistUser(context: UserinfoRequestContext): Promise<Profile> {
  const answer = await requestJson<{ user: Profile }>(
    String(context.provider.userinfo?.url ?? SYNC_URL),
    {
      method: "POST",
      headers: { Authorization: `Bearer ${context.tokens.access_token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ sync_token: "*", resource_types: '["user"]' }),
    },
    "Todoist user request",
  );
  return answer.user;
}

/**
 * Sign in with Todoist (OAuth 2). The default scope is `data:read`; the client authenticates with
 * `client_secret_post`. Register `{origin}/auth/callback/todoist` as the redirect URL; the client
 * id and secret are read from `AUTH_TODOIST_ID` and `AUTH_TODOIST_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developer.todoist.com/guides/#oauth
 * @example
 * ```ts
 * import Todoist from "@portcullis/core/providers/todoist"
 * const providers = [Todoist({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Todoist(config?: OAuthUserConfig<TodoistProfile>): OAuth2Config<TodoistProfile> {
  return defineOAuthProvider<TodoistProfile>(
    {
      id: "todoist",
      name: "Todoist",
      type: "oauth",
      authorization: { url: "https://todoist.com/oauth/authorize", params: { scope: "data:read" } },
      token: "https://todoist.com/oauth/access_token",
      userinfo: { url: SYNC_URL, request: requestTodoistUser },
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: idText(profile.id),
        email: profile.email,
        name: profile.full_name,
        image: profile.avatar_big,
      }),
      style: { brandColor: "#e44332" },
    },
    config,
  );
}
