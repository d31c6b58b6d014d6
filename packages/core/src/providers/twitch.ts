/**
 * The Twitch provider.
 *
 * @module
 */

import { providerMark } from "../pages/provider-logos";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims of a Twitch ID token, with the claims this provider requests. */
export interface TwitchProfile {
  iss: "https://id.twitch.tv/oauth2";
  sub: string;
  aud: string;
  azp?: string;
  exp: number;
  iat: number;
  nonce?: string;
  email?: string;
  email_verified?: boolean;
  picture?: string;
  preferred_username?: string;
  updated_at?: string;
}

/**
 * Makes Twitch's token response standard: Twitch sends `scope` as a list instead of a
 * space-separated string, and errors as `{ status, message }` instead of `{ error }`.
 */
async function conformTwitchToken(response: Response): Promise<Response> {
  const body = (await response.json()) as Record<string, unknown>;
  if (Array.isArray(body.scope)) body.scope = body.scope.join(" ");
  if (!response.ok && typeof body.error !== "string") {
    const description = typeof body.message === "string" ? body.message : `HTTP ${response.status}`;
    return Response.json(
      { error: "invalid_request", error_description: description },
      { status: response.status },
    );
  }
  return Response.json(body, { status: response.status });
}

/**
 * Sign in with Twitch (OpenID Connect, issuer `https://id.twitch.tv/oauth2`). Add
 * `{origin}/auth/callback/twitch` to the application's OAuth Redirect URLs in the Twitch developer
 * console; the client id and secret are read from `AUTH_TWITCH_ID` and `AUTH_TWITCH_SECRET` when
 * not given here. Twitch only puts the email, picture and username in the ID token when the
 * `claims` parameter asks for them, which this provider does; it takes the secret in the request
 * body (`client_secret_post`) and its token responses are made standard before use.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://dev.twitch.tv/docs/authentication/getting-tokens-oidc/
 * @example
 * ```ts
 * import Twitch from "@portcullis/core/providers/twitch"
 * const providers = [Twitch({ clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function Twitch(config?: OIDCUserConfig<TwitchProfile>): OIDCConfig<TwitchProfile> {
  return defineOIDCProvider<TwitchProfile>(
    {
      id: "twitch",
      name: "Twitch",
      type: "oidc",
      issuer: "https://id.twitch.tv/oauth2",
      authorization: {
        params: {
          scope: "openid user:read:email",
          claims: JSON.stringify({ id_token: { email: null, picture: null, preferred_username: null } }),
        },
      },
      token: { conform: conformTwitchToken },
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["state"],
      profile: (profile) => ({
        id: profile.sub,
        name: profile.preferred_username ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#9146ff" },
      [providerMark]:
        '<path fill-rule="evenodd" d="M4 2 2.5 6v14H7v2.5L9.5 20H13l8.5-8.5V2zm2 2h13.5v6.5l-3 3H13l-2.5 2.5v-2.5H6zm5 2.5h2v5h-2zm4.5 0h2v5h-2z"/>',
    },
    config,
  );
}
