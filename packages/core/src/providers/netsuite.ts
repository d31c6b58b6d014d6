/**
 * The NetSuite provider.
 *
 * @module
 */
import { idText } from "../adapter/ids";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** What the account's user-info RESTlet or Suitelet returns; the shape is the app's choice. */
export interface NetSuiteProfile {
  id: number;
  name: string;
  email: string;
  location?: number;
  role?: number;
  [claim: string]: unknown;
}

/** Options of {@link NetSuite}. */
export type NetSuiteUserConfig = OAuthUserConfig<NetSuiteProfile> & {
  /** The account id, e.g. `TSTDRV1234567` (sandbox) or `81555` (production). Required. */
  accountID?: string;
  /** The scope. Default `restlets rest_webservices`. */
  scope?: string;
  /** `none`, `login`, `consent` or `login consent`, sent as the authorization `prompt`. */
  prompt?: string;
};

/**
 * Sign in with an Oracle NetSuite account (OAuth 2, with the `state` check). `accountID` builds the
 * account-specific endpoints. NetSuite has no userinfo endpoint: set `userinfo` to the URL of a
 * RESTlet (or Suitelet) of yours that returns the user's `id`, `name` and `email`.
 *
 * @param config Overrides of the defaults; `accountID` (required), `scope`, `prompt`, `userinfo`.
 * @returns The provider configuration.
 * @see https://docs.oracle.com/en/cloud/saas/netsuite/ns-online-help/section_157771733782.html
 * @example
 * ```ts
 * import NetSuite from "@portcullis/core/providers/netsuite"
 * const providers = [NetSuite({ accountID: "TSTDRV1234567", clientId: "id", clientSecret: "secret", userinfo: "https://tstdrv1234567.restlets.api.netsuite.com/app/site/hosting/restlet.nl?script=1&deploy=1" })]
 * ```
 */
export default function NetSuite(config?: NetSuiteUserConfig): OAuth2Config<NetSuiteProfile> {
  // The account id is part of a host name; NetSuite writes it in lower case with `-` for `_`.
  const account = config?.accountID?.toLowerCase().replaceAll("_", "-");
  return defineOAuthProvider<NetSuiteProfile>(
    {
      id: "netsuite",
      name: "NetSuite",
      type: "oauth",
      checks: ["state"],
      ...(account && {
        authorization: {
          url: `https://${account}.app.netsuite.com/app/login/oauth2/authorize.nl`,
          params: {
            scope: config?.scope ?? "restlets rest_webservices",
            ...(config?.prompt && { prompt: config.prompt }),
          },
        },
        token: `https://${account}.suitetalk.api.netsuite.com/services/rest/auth/oauth2/v1/token`,
      }),
      profile: (profile) => ({
        id: idText(profile.id),
        name: profile.name,
        email: profile.email,
        image: null,
      }),
      style: { brandColor: "#181a1b" },
    },
    config,
  );
}
