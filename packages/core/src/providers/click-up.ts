/**
 * The ClickUp provider.
 *
 * @module
 */
import { idText } from "../adapter/ids";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The signed-in user as ClickUp's API returns it (`GET /api/v2/user`). */
export interface ClickUpProfile {
  user: {
    id: number;
    username: string;
    color: string;
    profilePicture: string | null;
    email?: string;
    [key: string]: unknown;
  };
  [claim: string]: unknown;
}

/**
 * Sign in with ClickUp (OAuth 2). ClickUp supports only the `state` check. Register `{origin}/auth/callback/click-up` as the
 * redirect URI; the client id and secret are read from `AUTH_CLICK_UP_ID` and
 * `AUTH_CLICK_UP_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://clickup.com/api/developer-portal/authentication/
 * @example
 * ```ts
 * import ClickUp from "@portcullis/core/providers/click-up"
 * const providers = [ClickUp({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function ClickUp(config?: OAuthUserConfig<ClickUpProfile>): OAuth2Config<ClickUpProfile> {
  return defineOAuthProvider<ClickUpProfile>(
    {
      id: "click-up",
      name: "ClickUp",
      type: "oauth",
      authorization: "https://app.clickup.com/api",
      token: "https://api.clickup.com/api/v2/oauth/token",
      userinfo: "https://api.clickup.com/api/v2/user",
      checks: ["state"],
      profile: (profile) => ({
        id: idText(profile.user.id),
        name: profile.user.username,
        email: profile.user.email ?? null,
        image: profile.user.profilePicture ?? null,
      }),
      style: { brandColor: "#24292f" },
    },
    config,
  );
}
