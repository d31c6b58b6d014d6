/**
 * The BankID Norge provider.
 *
 * @module
 */
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims BankID Norway returns from its (signed) userinfo endpoint. */
export interface BankIDNorwayProfile {
  sub: string;
  name: string;
  given_name?: string;
  family_name?: string;
  birthdate?: string;
  email?: string;
  /** The national identity number, with the `nnin` scope. */
  nnin?: string;
  [claim: string]: unknown;
}

/**
 * Sign in with BankID Norge (OpenID Connect). The issuer is BankID's production realm; the ID token is checked, and the profile read from the userinfo endpoint (`idToken: false`), signed with RS256. The authorization asks for Norwegian (`ui_locales=no`) and the BankID login method (`login_hint=BIS`); the client authenticates with `client_secret_post`. Register
 * `{origin}/auth/callback/bankid-no` as the redirect URI; the client id and secret are read from
 * `AUTH_BANKID_NO_ID` and `AUTH_BANKID_NO_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://confluence.bankidnorge.no/confluence/pdoidcl
 * @example
 * ```ts
 * import BankIDNorway from "@portcullis/core/providers/bankid-no"
 * const providers = [BankIDNorway({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function BankIDNorway(
  config?: OIDCUserConfig<BankIDNorwayProfile>,
): OIDCConfig<BankIDNorwayProfile> {
  return defineOIDCProvider<BankIDNorwayProfile>(
    {
      id: "bankid-no",
      name: "BankID Norge",
      type: "oidc",
      issuer: "https://auth.bankid.no/auth/realms/prod",
      idToken: false,
      client: { token_endpoint_auth_method: "client_secret_post", userinfo_signed_response_alg: "RS256" },
      authorization: { params: { ui_locales: "no", login_hint: "BIS" } },
      checks: ["pkce", "state", "nonce"],
      profile: (profile) => ({
        id: profile.sub,
        name: profile.name,
        email: profile.email ?? null,
        image: null,
      }),
      style: { brandColor: "#39134c" },
    },
    config,
  );
}
