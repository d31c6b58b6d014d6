/**
 * The Patreon provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The user as Patreon's API v2 returns it (`GET /api/oauth2/v2/identity`, JSON:API). */
export interface PatreonProfile {
  data: {
    id: string;
    type: "user";
    attributes: {
      full_name?: string;
      first_name?: string;
      last_name?: string;
      vanity?: string | null;
      /** Present with the `identity[email]` scope. */
      email?: string;
      is_email_verified?: boolean;
      image_url?: string;
      thumb_url?: string;
      url?: string;
      created?: string;
    };
  };
  links?: { self: string };
}

/**
 * Sign in with Patreon (OAuth 2, API v2). Add `{origin}/auth/callback/patreon` to the client's
 * redirect URIs on the Patreon developer portal; the client id and secret are read from
 * `AUTH_PATREON_ID` and `AUTH_PATREON_SECRET` when not given here. The identity request asks for
 * the name, email and image fields; Patreon does not support PKCE, so `state` protects the callback.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://docs.patreon.com/#oauth
 * @example
 * ```ts
 * import Patreon from "@portcullis/core/providers/patreon"
 * const providers = [Patreon({ clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function Patreon(config?: OAuthUserConfig<PatreonProfile>): OAuth2Config<PatreonProfile> {
  return defineOAuthProvider<PatreonProfile>(
    {
      id: "patreon",
      name: "Patreon",
      type: "oauth",
      authorization: {
        url: "https://www.patreon.com/oauth2/authorize",
        params: { scope: "identity identity[email]" },
      },
      token: "https://www.patreon.com/api/oauth2/token",
      // JSON:API returns only the attributes named in `fields[user]`.
      userinfo: "https://www.patreon.com/api/oauth2/v2/identity?fields%5Buser%5D=full_name,email,image_url",
      checks: ["state"],
      profile: ({ data }) => ({
        id: data.id,
        name: data.attributes.full_name ?? null,
        email: data.attributes.email ?? null,
        image: data.attributes.image_url ?? null,
      }),
      style: { brandColor: "#ff424d" },
    },
    config,
  );
}
