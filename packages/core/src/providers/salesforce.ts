/**
 * The Salesforce provider.
 *
 * @module
 */
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The user as Salesforce's UserInfo endpoint returns it. */
export interface SalesforceProfile {
  /** The identity URL, `https://login.salesforce.com/id/{orgId}/{userId}`. */
  sub: string;
  user_id: string;
  organization_id: string;
  preferred_username?: string;
  nickname?: string;
  name?: string;
  given_name?: string;
  family_name?: string;
  email?: string;
  email_verified?: boolean;
  zoneinfo?: string;
  locale?: string;
  picture?: string;
  photos?: { picture?: string; thumbnail?: string };
  profile?: string;
  user_type?: string;
  active?: boolean;
  updated_at?: string;
}

/**
 * Sign in with Salesforce (OpenID Connect, issuer `https://login.salesforce.com`; use
 * `https://test.salesforce.com` for sandboxes or your My Domain URL). Add
 * `{origin}/auth/callback/salesforce` as the connected app's callback URL; the consumer key and
 * secret are read from `AUTH_SALESFORCE_ID` and `AUTH_SALESFORCE_SECRET` when not given here.
 * Salesforce's ID token carries few claims, so by default (`idToken: false`) the ID token is only
 * checked and the profile is read from the UserInfo endpoint; `idToken: true` takes the profile
 * from the ID token's claims instead, saving a request.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://help.salesforce.com/s/articleView?id=sf.remoteaccess_using_openid.htm
 * @example
 * ```ts
 * import Salesforce from "@portcullis/core/providers/salesforce"
 * const providers = [Salesforce({ clientId: "key", clientSecret: "secret" })]
 * ```
 */
export default function Salesforce(
  config?: OIDCUserConfig<SalesforceProfile>,
): OIDCConfig<SalesforceProfile> {
  return defineOIDCProvider<SalesforceProfile>(
    {
      id: "salesforce",
      name: "Salesforce",
      type: "oidc",
      issuer: "https://login.salesforce.com",
      idToken: false,
      authorization: { params: { scope: "openid profile email" } },
      checks: ["pkce", "state", "nonce"],
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name ?? profile.preferred_username ?? null,
        email: profile.email ?? null,
        image: profile.picture ?? profile.photos?.picture ?? null,
      }),
      style: { brandColor: "#00a1e0" },
    },
    config,
  );
}
