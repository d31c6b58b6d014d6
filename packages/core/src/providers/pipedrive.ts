/**
 * The Pipedrive provider.
 *
 * @module
 */
import { idText } from "../adapter/ids";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The signed-in user as Pipedrive's API returns it (`GET /users/me`). */
export interface PipedriveProfile {
  success: boolean;
  data: {
    id: number;
    name: string;
    email: string;
    icon_url: string | null;
    company_id?: number;
    [key: string]: unknown;
  };
  [claim: string]: unknown;
}

/**
 * Sign in with Pipedrive (OAuth 2). Register `{origin}/auth/callback/pipedrive` as the
 * redirect URI; the client id and secret are read from `AUTH_PIPEDRIVE_ID` and
 * `AUTH_PIPEDRIVE_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://pipedrive.readme.io/docs/marketplace-oauth-authorization
 * @example
 * ```ts
 * import Pipedrive from "@portcullis/core/providers/pipedrive"
 * const providers = [Pipedrive({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Pipedrive(
  config?: OAuthUserConfig<PipedriveProfile>,
): OAuth2Config<PipedriveProfile> {
  return defineOAuthProvider<PipedriveProfile>(
    {
      id: "pipedrive",
      name: "Pipedrive",
      type: "oauth",
      authorization: "https://oauth.pipedrive.com/oauth/authorize",
      token: "https://oauth.pipedrive.com/oauth/token",
      userinfo: "https://api.pipedrive.com/users/me",
      profile: (profile) => ({
        id: idText(profile.data.id),
        name: profile.data.name,
        email: profile.data.email,
        image: profile.data.icon_url,
      }),
      style: { brandColor: "#017737" },
    },
    config,
  );
}
