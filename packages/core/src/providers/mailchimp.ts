/**
 * The Mailchimp provider.
 *
 * @module
 */
import { idText } from "../adapter/ids";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The account metadata Mailchimp returns (`GET /oauth2/metadata`). */
export interface MailchimpProfile {
  /** The data centre of the account, e.g. `us6`. */
  dc: string;
  accountname: string;
  login: { login_id: number; login_name?: string; email: string; avatar?: string | null };
  api_endpoint: string;
  [claim: string]: unknown;
}

/**
 * Sign in with Mailchimp (OAuth 2). Register `{origin}/auth/callback/mailchimp` as the
 * redirect URI; the client id and secret are read from `AUTH_MAILCHIMP_ID` and
 * `AUTH_MAILCHIMP_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://mailchimp.com/developer/marketing/guides/access-user-data-oauth-2/
 * @example
 * ```ts
 * import Mailchimp from "@portcullis/core/providers/mailchimp"
 * const providers = [Mailchimp({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Mailchimp(
  config?: OAuthUserConfig<MailchimpProfile>,
): OAuth2Config<MailchimpProfile> {
  return defineOAuthProvider<MailchimpProfile>(
    {
      id: "mailchimp",
      name: "Mailchimp",
      type: "oauth",
      authorization: "https://login.mailchimp.com/oauth2/authorize",
      token: "https://login.mailchimp.com/oauth2/token",
      userinfo: "https://login.mailchimp.com/oauth2/metadata",
      profile: (profile) => ({
        id: idText(profile.login.login_id),
        name: profile.accountname,
        email: profile.login.email,
        image: null,
      }),
      style: { brandColor: "#000000" },
    },
    config,
  );
}
