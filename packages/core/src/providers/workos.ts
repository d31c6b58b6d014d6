/**
 * The WorkOS provider.
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The SSO profile as WorkOS returns it (`GET /sso/profile`). */
export interface WorkOSProfile {
  object: string;
  id: string;
  organization_id: string;
  connection_id: string;
  connection_type: string;
  idp_id: string;
  email: string;
  first_name: string;
  last_name: string;
  raw_attributes: { picture?: string | null; [key: string]: unknown };
  [claim: string]: unknown;
}

/** Options of {@link WorkOS}: the common ones plus the SSO connection to use. */
export type WorkOSUserConfig = OAuthUserConfig<WorkOSProfile> & {
  /** The WorkOS connection id, sent as `connection` on the authorization request. */
  connection?: string;
};

/**
 * Sign in through WorkOS SSO (SAML and OIDC connections behind one OAuth 2 API). The issuer is
 * `https://api.workos.com/`; the client authenticates with `client_secret_post` (the secret is the
 * WorkOS API key). Name the connection with `connection`, or pass `organization` or `provider` in
 * the sign-in call's authorization params.
 *
 * @param config Overrides of the defaults; `connection` and `issuer` (another API host).
 * @returns The provider configuration.
 * @see https://workos.com/docs/reference/sso
 * @example
 * ```ts
 * import WorkOS from "@portcullis/core/providers/workos"
 * const providers = [WorkOS({ clientId: "client_01", clientSecret: "sk_test", connection: "conn_01" })]
 * ```
 */
export default function WorkOS(config?: WorkOSUserConfig): OAuth2Config<WorkOSProfile> {
  const issuer = (typeof config?.issuer === "string" ? config.issuer : "https://api.workos.com/").replace(
    /\/+$/,
    "",
  );
  return defineOAuthProvider<WorkOSProfile>(
    {
      id: "workos",
      name: "WorkOS",
      type: "oauth",
      authorization: { url: `${issuer}/sso/authorize`, params: { connection: config?.connection ?? "" } },
      token: `${issuer}/sso/token`,
      userinfo: `${issuer}/sso/profile`,
      client: { token_endpoint_auth_method: "client_secret_post" },
      profile: (profile) => ({
        id: profile.id,
        name: `${profile.first_name} ${profile.last_name}`,
        email: profile.email,
        image: profile.raw_attributes?.picture ?? null,
      }),
      style: { brandColor: "#6363f1" },
    },
    config,
  );
}
