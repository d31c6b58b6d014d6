/**
 * The Mail.ru provider.
 *
 * @module
 */
import { idText } from "../adapter/ids";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The user as Mail.ru's OAuth API returns it (`GET https://oauth.mail.ru/userinfo`). */
export interface MailRuProfile {
  id: string;
  client_id: string;
  email: string;
  name?: string;
  first_name?: string;
  last_name?: string;
  nickname?: string;
  /** `m` or `f`. */
  gender?: string;
  /** `DD.MM.YYYY`. */
  birthday?: string;
  locale?: string;
  image?: string;
}

/**
 * Sign in with a Mail.ru account (VK Group's Mail.ru OAuth 2). Register
 * `{origin}/auth/callback/mailru` as the app's redirect URI at o2.mail.ru; the client id and
 * secret are read from `AUTH_MAILRU_ID` and `AUTH_MAILRU_SECRET` when not given here. Mail.ru
 * requires `state`.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://oauth.mail.ru/docs/
 * @example
 * ```ts
 * import MailRu from "@portcullis/core/providers/mailru"
 * const providers = [MailRu({ clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function MailRu(config?: OAuthUserConfig<MailRuProfile>): OAuth2Config<MailRuProfile> {
  return defineOAuthProvider<MailRuProfile>(
    {
      id: "mailru",
      name: "Mail.ru",
      type: "oauth",
      authorization: { url: "https://oauth.mail.ru/login", params: { scope: "userinfo" } },
      token: "https://oauth.mail.ru/token",
      userinfo: "https://oauth.mail.ru/userinfo",
      checks: ["state"],
      profile: (profile) => ({
        id: idText(profile.id),
        name: profile.name || [profile.first_name, profile.last_name].filter(Boolean).join(" ") || null,
        email: profile.email ?? null,
        image: profile.image ?? null,
      }),
      style: { brandColor: "#005ff9" },
    },
    config,
  );
}
