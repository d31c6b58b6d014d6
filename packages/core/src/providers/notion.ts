/**
 * The Notion provider.
 *
 * @module
 */

import { OAuthProfileParseError } from "../errors";
import type { OAuth2Config, OAuthUserConfig, Profile, UserinfoRequestContext } from "../types";
import { defineOAuthProvider, requestJson } from "./oauth-factory";

/** The person who authorised the integration, as Notion's API describes a user. */
export interface NotionProfile {
  object: "user";
  id: string;
  type: "person";
  name: string | null;
  avatar_url: string | null;
  person: { email?: string };
}

/** The bot user `GET /v1/users/me` returns for a public integration's token. */
interface NotionBotUser {
  object: "user";
  type: "bot";
  bot?: { owner?: { type: "user" | "workspace"; user?: Profile } };
}

/** The Notion API version the profile request is written against. */
const NOTION_VERSION = "2022-06-28";

/**
 * Notion's token belongs to a bot; the person who installed it is the bot's owner. Notion also
 * requires a `Notion-Version` header on every request.
 */
async function requestNotionOwner(context: UserinfoRequestContext): Promise<Profile> {
  const url = context.provider.userinfo?.url ?? "https://api.notion.com/v1/users/me";
  const headers = {
    Authorization: `Bearer ${context.tokens.access_token}`,
    "Notion-Version": NOTION_VERSION,
  };
  const bot = await requestJson<NotionBotUser>(url, { headers }, "Notion user request");
  const owner = bot.bot?.owner;
  if (owner?.type !== "user" || !owner.user) {
    throw new OAuthProfileParseError("The Notion token is owned by a workspace, not a user");
  }
  return owner.user;
}

/**
 * Sign in with Notion (a public integration, OAuth 2). Set the integration's redirect URI to
 * `{origin}/auth/callback/notion` and request user information with email addresses in its
 * capabilities; the OAuth client id and secret are read from `AUTH_NOTION_ID` and
 * `AUTH_NOTION_SECRET` when not given here. The profile is the person who authorised the
 * integration. Notion does not support PKCE, so `state` protects the callback.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developers.notion.com/docs/authorization
 * @example
 * ```ts
 * import Notion from "@portcullis/core/providers/notion"
 * const providers = [Notion({ clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function Notion(config?: OAuthUserConfig<NotionProfile>): OAuth2Config<NotionProfile> {
  return defineOAuthProvider<NotionProfile>(
    {
      id: "notion",
      name: "Notion",
      type: "oauth",
      authorization: { url: "https://api.notion.com/v1/oauth/authorize", params: { owner: "user" } },
      token: "https://api.notion.com/v1/oauth/token",
      userinfo: { url: "https://api.notion.com/v1/users/me", request: requestNotionOwner },
      checks: ["state"],
      profile: (profile) => ({
        id: profile.id,
        name: profile.name ?? null,
        email: profile.person?.email ?? null,
        image: profile.avatar_url ?? null,
      }),
      style: { brandColor: "#000000" },
    },
    config,
  );
}
