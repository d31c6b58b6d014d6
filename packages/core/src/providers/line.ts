/**
 * The LINE provider.
 *
 * @module
 */
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims of a LINE Login ID token. */
export interface LineProfile {
  iss: "https://access.line.me";
  sub: string;
  aud: string;
  exp: number;
  iat: number;
  auth_time?: number;
  nonce?: string;
  amr?: string[];
  name?: string;
  picture?: string;
  /** Present with the `email` scope, which needs an approved email permission for the channel. */
  email?: string;
}

/**
 * Sign in with LINE (LINE Login v2.1, OpenID Connect, issuer `https://access.line.me`). Set the
 * Callback URL of the LINE Login channel to `{origin}/auth/callback/line`; the channel id and
 * channel secret are read from `AUTH_LINE_ID` and `AUTH_LINE_SECRET` when not given here. LINE
 * signs web-login ID tokens with HS256 and the channel secret, and requires `state`; the `email`
 * scope needs the email permission applied for in the LINE Developers Console.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://developers.line.biz/en/docs/line-login/integrate-line-login/
 * @example
 * ```ts
 * import LINE from "@portcullis/core/providers/line"
 * const providers = [LINE({ clientId: "1234567890", clientSecret: "secret" })]
 * ```
 */
export default function LINE(config?: OIDCUserConfig<LineProfile>): OIDCConfig<LineProfile> {
  return defineOIDCProvider<LineProfile>(
    {
      id: "line",
      name: "LINE",
      type: "oidc",
      issuer: "https://access.line.me",
      authorization: { params: { scope: "openid profile email" } },
      client: { id_token_signed_response_alg: "HS256" },
      checks: ["pkce", "state"],
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#06c755" },
    },
    config,
  );
}
