/**
 * The Eventbrite provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The signed-in user as Eventbrite's API returns it (`GET /v3/users/me/`). */
export interface EventbriteProfile {
  id: string;
  name: string;
  first_name: string;
  last_name: string;
  emails: { email: string; verified: boolean; primary: boolean }[];
  image_id: string | null;
  [claim: string]: unknown;
}

/**
 * Sign in with Eventbrite (OAuth 2). The default scope is `user.profile`; the client authenticates with `client_secret_post`. Register `{origin}/auth/callback/eventbrite` as the
 * redirect URI; the client id and secret are read from `AUTH_EVENTBRITE_ID` and
 * `AUTH_EVENTBRITE_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://www.eventbrite.com/platform/api#/introduction/authentication
 * @example
 * ```ts
 * import Eventbrite from "@portcullis/core/providers/eventbrite"
 * const providers = [Eventbrite({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Eventbrite(
  config?: OAuthUserConfig<EventbriteProfile>,
): OAuth2Config<EventbriteProfile> {
  return defineOAuthProvider<EventbriteProfile>(
    {
      id: "eventbrite",
      name: "Eventbrite",
      type: "oauth",
      authorization: { url: "https://www.eventbrite.com/oauth/authorize", params: { scope: "user.profile" } },
      token: "https://www.eventbrite.com/oauth/token",
      userinfo: "https://www.eventbriteapi.com/v3/users/me/",
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.id,
        name: profile.name,
        email: profile.emails.find((entry) => entry.primary)?.email ?? null,
        image: profile.image_id
          ? `https://img.evbuc.com/https%3A%2F%2Fcdn.evbuc.com%2Fimages%2F${profile.image_id}%2F1%2Foriginal.jpg`
          : null,
      }),
      style: { brandColor: "#f05537" },
    },
    config,
  );
}
