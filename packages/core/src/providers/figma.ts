/**
 * The Figma provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The user as Figma's REST API returns it (`GET /v1/me`). */
export interface FigmaProfile {
  id: string;
  handle: string;
  email: string;
  img_url: string;
}

/**
 * Sign in with Figma (OAuth 2). Add `{origin}/auth/callback/figma` to the OAuth app's callback
 * URLs; the client id and secret are read from `AUTH_FIGMA_ID` and `AUTH_FIGMA_SECRET` when not
 * given here. The default scope `current_user:read` reads only the name, email and image (the old
 * `files:read` scope is deprecated). Figma requires `state`.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developers.figma.com/docs/rest-api/authentication/
 * @example
 * ```ts
 * import Figma from "@portcullis/core/providers/figma"
 * const providers = [Figma({ clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function Figma(config?: OAuthUserConfig<FigmaProfile>): OAuth2Config<FigmaProfile> {
  return defineOAuthProvider<FigmaProfile>(
    {
      id: "figma",
      name: "Figma",
      type: "oauth",
      authorization: { url: "https://www.figma.com/oauth", params: { scope: "current_user:read" } },
      token: "https://api.figma.com/v1/oauth/token",
      userinfo: "https://api.figma.com/v1/me",
      checks: ["state"],
      profile: (profile) => ({
        id: profile.id,
        name: profile.handle,
        email: profile.email ?? null,
        image: profile.img_url ?? null,
      }),
      style: { brandColor: "#f24e1e" },
    },
    config,
  );
}
