/**
 * The FusionAuth provider.
 *
 * @module
 */
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims of a FusionAuth ID token or userinfo answer. */
export interface FusionAuthProfile {
  sub: string;
  aud: string;
  iss: string;
  email: string;
  email_verified: boolean;
  name?: string;
  preferred_username?: string;
  given_name?: string;
  middle_name?: string;
  family_name?: string;
  picture?: string;
  applicationId?: string;
  roles?: string[];
  tid?: string;
  [claim: string]: unknown;
}

/** Options of {@link FusionAuth}: the common ones plus the tenant. */
export type FusionAuthUserConfig = OIDCUserConfig<FusionAuthProfile> & {
  /** The tenant id, for an instance with several tenants: sent on discovery and authorization. */
  tenantId?: string;
};

/**
 * FusionAuth answers token errors with a `WWW-Authenticate` header even when the status is not
 * 401, which the OAuth client would read as a bearer challenge; drop the header unless it is one.
 */
function dropStrayChallenge(response: Response): Response {
  if (response.status === 401 || !response.headers.has("www-authenticate")) return response;
  const headers = new Headers(response.headers);
  headers.delete("www-authenticate");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * Sign in with FusionAuth (OpenID Connect, checks `pkce` and `state`). Set `issuer` to the
 * instance's URL (or `AUTH_FUSIONAUTH_ISSUER`); with several tenants, `tenantId` selects one. The
 * default scope is `openid offline_access email profile`.
 *
 * @param config Overrides of the defaults; `issuer` is required, `tenantId` optional.
 * @returns The provider configuration.
 * @see https://fusionauth.io/docs/lifecycle/authenticate-users/oauth/
 * @example
 * ```ts
 * import FusionAuth from "@portcullis/core/providers/fusionauth"
 * const providers = [FusionAuth({ issuer: "https://auth.example.com", tenantId: "tenant-1", clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function FusionAuth(config?: FusionAuthUserConfig): OIDCConfig<FusionAuthProfile> {
  const issuer = typeof config?.issuer === "string" ? config.issuer.replace(/\/+$/, "") : undefined;
  const tenantId = config?.tenantId;
  const tenantQuery = tenantId ? `?tenantId=${encodeURIComponent(tenantId)}` : "";
  return defineOIDCProvider<FusionAuthProfile>(
    {
      id: "fusionauth",
      name: "FusionAuth",
      type: "oidc",
      ...(issuer && {
        wellKnown: `${issuer}/.well-known/openid-configuration${tenantQuery}`,
        userinfo: `${issuer}/oauth2/userinfo`,
        token: { url: `${issuer}/oauth2/token`, conform: dropStrayChallenge },
      }),
      authorization: {
        params: { scope: "openid offline_access email profile", ...(tenantId && { tenantId }) },
      },
      checks: ["pkce", "state"],
      profile: (profile) => ({
        id: profile.sub,
        email: profile.email,
        name:
          profile.name ??
          profile.preferred_username ??
          [profile.given_name, profile.middle_name, profile.family_name].filter(Boolean).join(" "),
        image: profile.picture ?? null,
      }),
      style: { brandColor: "#f58320" },
    },
    config,
  );
}
