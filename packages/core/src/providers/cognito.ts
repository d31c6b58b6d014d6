/**
 * The Amazon Cognito provider.
 *
 * @module
 */
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims of a Cognito user pool ID token. */
export interface CognitoProfile {
  iss: string;
  aud: string;
  exp: number;
  iat: number;
  auth_time?: number;
  token_use: "id";
  sub: string;
  "cognito:username": string;
  "cognito:groups"?: string[];
  name?: string;
  given_name?: string;
  family_name?: string;
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
  phone_number?: string;
  phone_number_verified?: boolean;
  picture?: string;
}

/**
 * Sign in through an Amazon Cognito user pool (OpenID Connect). Set `issuer` to the user pool's
 * issuer, `https://cognito-idp.{region}.amazonaws.com/{userPoolId}` (or `AUTH_COGNITO_ISSUER`);
 * there is no default. Add `{origin}/auth/callback/cognito` to the app client's allowed callback
 * URLs; the client id and secret are read from `AUTH_COGNITO_ID` and `AUTH_COGNITO_SECRET` when
 * not given here.
 *
 * @param config Overrides of the defaults; `issuer` is required.
 * @returns The provider configuration.
 * @see https://docs.aws.amazon.com/cognito/latest/developerguide/cognito-user-pools-app-integration.html
 * @example
 * ```ts
 * import Cognito from "@portcullis/core/providers/cognito"
 * const providers = [Cognito({ issuer: "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123", clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function Cognito(config?: OIDCUserConfig<CognitoProfile>): OIDCConfig<CognitoProfile> {
  return defineOIDCProvider<CognitoProfile>(
    {
      id: "cognito",
      name: "Cognito",
      type: "oidc",
      authorization: { params: { scope: "openid profile email" } },
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? profile.preferred_username ?? profile["cognito:username"] ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#dd344c" },
    },
    config,
  );
}
