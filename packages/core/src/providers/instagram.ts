/**
 * The Instagram provider (Instagram API with Instagram Login).
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The user as the Instagram API returns it for `GET /me` with the default fields. */
export interface InstagramProfile {
  /** The app-scoped user id. */
  id: string;
  /** The id of the professional account. */
  user_id?: string;
  username: string;
  name?: string;
  account_type?: "Business" | "Media_Creator" | string;
  profile_picture_url?: string;
}

/** A token response as Instagram sends it: bare, or wrapped in a `data` list. */
interface InstagramTokenBody {
  access_token?: string;
  token_type?: string;
  data?: Record<string, unknown>[];
  [key: string]: unknown;
}

/**
 * Makes Instagram's token response standard: it lacks `token_type` and may wrap the token in a
 * `data` list, both of which a standard OAuth client rejects.
 */
async function conformInstagramToken(response: Response): Promise<Response | undefined> {
  if (!response.ok) return undefined;
  const body = (await response.json()) as InstagramTokenBody;
  const token = Array.isArray(body.data) ? body.data[0] : body;
  if (!token) return undefined;
  return Response.json({ token_type: "bearer", ...token }, { status: response.status });
}

/**
 * Sign in with Instagram (the Instagram API with Instagram Login, for professional accounts; the
 * Basic Display API it replaces was shut down in December 2024). Add
 * `{origin}/auth/callback/instagram` to the OAuth redirect URIs of the app's Business login
 * settings; the Instagram app id and secret are read from `AUTH_INSTAGRAM_ID` and
 * `AUTH_INSTAGRAM_SECRET` when not given here. Instagram shares no email address. The secret goes
 * in the request body (`client_secret_post`) and `state` protects the callback.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developers.facebook.com/docs/instagram-platform/instagram-api-with-instagram-login/business-login
 * @example
 * ```ts
 * import Instagram from "@portcullis/core/providers/instagram"
 * const providers = [Instagram({ clientId: "123", clientSecret: "secret" })]
 * ```
 */
export default function Instagram(
  config?: OAuthUserConfig<InstagramProfile>,
): OAuth2Config<InstagramProfile> {
  return defineOAuthProvider<InstagramProfile>(
    {
      id: "instagram",
      name: "Instagram",
      type: "oauth",
      authorization: {
        url: "https://www.instagram.com/oauth/authorize",
        params: { scope: "instagram_business_basic" },
      },
      token: { url: "https://api.instagram.com/oauth/access_token", conform: conformInstagramToken },
      userinfo:
        "https://graph.instagram.com/me?fields=id,user_id,username,name,account_type,profile_picture_url",
      client: { token_endpoint_auth_method: "client_secret_post" },
      checks: ["state"],
      profile: (profile) => ({
        id: profile.id,
        name: profile.name || profile.username,
        email: null,
        image: profile.profile_picture_url ?? null,
      }),
      style: { brandColor: "#e1306c" },
    },
    config,
  );
}
