/**
 * The Microsoft Entra ID provider (formerly Azure Active Directory).
 *
 * @module
 */
import { microsoftTenants, tenantRules, type WithTenantRules } from "../flows/oauth/microsoft-tenants";
import { providerMark } from "../pages/provider-logos";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { fetchGraphPhoto, type GraphPhotoSize } from "./microsoft-graph-photo";
import { defineOIDCProvider } from "./oauth-factory";

/**
 * Testing only: overrides the Microsoft Graph base URL the photo is fetched from, so tests can
 * stand a loopback server in for Graph. Not an Auth.js option; do not use in applications.
 */
export const graphBaseUrl: unique symbol = Symbol("portcullis.graphBaseUrl");

/** The claims of a Microsoft identity platform (v2.0) ID token. */
export interface MicrosoftEntraIDProfile {
  iss: string;
  aud: string;
  exp: number;
  iat: number;
  nbf?: number;
  /** Unique per user and application. */
  sub: string;
  /** The user's object id, the same across applications of the tenant. */
  oid?: string;
  /** The tenant the user signed in from. */
  tid?: string;
  ver?: "2.0";
  name?: string;
  preferred_username?: string;
  /** Present with the `email` scope when the account has an address; not always verified. */
  email?: string;
  login_hint?: string;
  nonce?: string;
  roles?: string[];
  groups?: string[];
}

/** Options of {@link MicrosoftEntraID}: the common ones plus the tenant. */
export type MicrosoftEntraIDUserConfig = OIDCUserConfig<MicrosoftEntraIDProfile> & {
  /**
   * The directory (tenant) id, or `common`, `organizations`, `consumers` (the multi-tenant
   * authorities, whose ID tokens are each checked against the user's own tenant). Sets `issuer`
   * to `https://login.microsoftonline.com/{tenantId}/v2.0` unless `issuer` is given.
   */
  tenantId?: string;
  /** Size in pixels of the profile photo fetched from Microsoft Graph into `image`; default 48. */
  profilePhotoSize?: GraphPhotoSize;
  /** Testing only, see {@link graphBaseUrl}. */
  [graphBaseUrl]?: string;
};

/**
 * Sign in with a Microsoft work, school or personal account (Microsoft Entra ID, OpenID Connect).
 * Add `{origin}/auth/callback/microsoft-entra-id` as a Web redirect URI of the app registration;
 * the client id and secret are read from `AUTH_MICROSOFT_ENTRA_ID_ID` and
 * `AUTH_MICROSOFT_ENTRA_ID_SECRET` when not given here. The issuer defaults to the multi-tenant
 * `https://login.microsoftonline.com/common/v2.0`; for a single tenant pass `tenantId` (or
 * `issuer`, or `AUTH_MICROSOFT_ENTRA_ID_ISSUER`). On a multi-tenant authority (`common`,
 * `organizations`, `consumers`) each ID token is checked against the issuer and keys of the
 * tenant its `tid` claim names, as Microsoft prescribes; a `tid` that is not a tenant id (a GUID),
 * or an `iss` that is not that tenant's, ends the sign-in. Only the ID token's `email` claim
 * becomes the email, never `preferred_username`, which users can change and which is not verified.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://learn.microsoft.com/en-us/entra/identity-platform/v2-protocols-oidc
 * @example
 * ```ts
 * import MicrosoftEntraID from "@portcullis/core/providers/microsoft-entra-id"
 * const providers = [MicrosoftEntraID({ tenantId: "00000000-0000-0000-0000-000000000000", clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function MicrosoftEntraID(
  config?: MicrosoftEntraIDUserConfig,
): OIDCConfig<MicrosoftEntraIDProfile> {
  const tenant = encodeURIComponent(config?.tenantId ?? "common");
  const size = config?.profilePhotoSize ?? 48;
  const graphBase = config?.[graphBaseUrl];
  const defaults: OIDCConfig<MicrosoftEntraIDProfile> & WithTenantRules = {
    id: "microsoft-entra-id",
    name: "Microsoft Entra ID",
    type: "oidc",
    issuer: `https://login.microsoftonline.com/${tenant}/v2.0`,
    authorization: { params: { scope: "openid profile email User.Read" } },
    // Graph's User.Read scope lets the access token read the photo, as Auth.js does.
    profile: async (profile, tokens) => ({
      id: profile.sub,
      name: profile.name ?? null,
      email: profile.email ?? null,
      image: await fetchGraphPhoto(tokens.access_token, size, graphBase),
    }),
    style: { brandColor: "#0078d4" },
    [providerMark]:
      '<path fill="#f25022" d="M3 3h8.5v8.5H3z"/><path fill="#7fba00" d="M12.5 3H21v8.5h-8.5z"/><path fill="#00a4ef" d="M3 12.5h8.5V21H3z"/><path fill="#ffb900" d="M12.5 12.5H21V21h-8.5z"/>',
    // Its multi-tenant authorities (`common`...) name their issuer per tenant: see microsoftTenants.
    [tenantRules]: microsoftTenants,
  };
  return defineOIDCProvider<MicrosoftEntraIDProfile>(defaults, config);
}
