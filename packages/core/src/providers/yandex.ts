/**
 * The Yandex provider (Yandex ID).
 *
 * @module
 */
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The user as Yandex ID returns it (`GET https://login.yandex.ru/info?format=json`). */
export interface YandexProfile {
  id: string;
  login: string;
  client_id: string;
  /** The user's id for this app's developer. */
  psuid: string;
  /** `YYYY-MM-DD`; unknown parts are zero-filled. */
  birthday?: string | null;
  default_avatar_id?: string;
  default_email?: string;
  default_phone?: { id: number; number: string };
  display_name?: string;
  emails?: string[];
  first_name?: string;
  last_name?: string;
  real_name?: string;
  is_avatar_empty?: boolean;
  sex?: "female" | "male" | null;
}

/** The avatar sizes Yandex serves, smallest first (`islands-200` is 200x200). */
export const YANDEX_AVATAR_SIZES = [
  "islands-small",
  "islands-34",
  "islands-middle",
  "islands-50",
  "islands-retina-small",
  "islands-68",
  "islands-75",
  "islands-retina-middle",
  "islands-retina-50",
  "islands-200",
] as const;

/** One of {@link YANDEX_AVATAR_SIZES}. */
export type YandexAvatarSize = (typeof YANDEX_AVATAR_SIZES)[number];

/**
 * Builds the URL of a Yandex avatar in a given size.
 *
 * @param avatarId The profile's `default_avatar_id`.
 * @param size One of {@link YANDEX_AVATAR_SIZES}; default `islands-200`.
 * @returns The image URL.
 * @example
 * ```ts
 * const url = yandexAvatarUrl("31804/BYkogAC6AoB17bN1HKRFAyKiM4-1", "islands-68")
 * ```
 */
export function yandexAvatarUrl(avatarId: string, size: YandexAvatarSize = "islands-200"): string {
  return `https://avatars.yandex.net/get-yapic/${encodeURI(avatarId)}/${size}`;
}

/**
 * Sign in with Yandex ID (OAuth 2). Add `{origin}/auth/callback/yandex` as the Redirect URI of the
 * app on oauth.yandex.com with the login:info, login:email and login:avatar permissions; the
 * client id and secret are read from `AUTH_YANDEX_ID` and `AUTH_YANDEX_SECRET` when not given
 * here. The image is the 200x200 avatar unless the user has none; see {@link yandexAvatarUrl} for
 * other sizes.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://yandex.com/dev/id/doc/en/
 * @example
 * ```ts
 * import Yandex from "@portcullis/core/providers/yandex"
 * const providers = [Yandex({ clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function Yandex(config?: OAuthUserConfig<YandexProfile>): OAuth2Config<YandexProfile> {
  return defineOAuthProvider<YandexProfile>(
    {
      id: "yandex",
      name: "Yandex",
      type: "oauth",
      authorization: {
        url: "https://oauth.yandex.ru/authorize",
        params: { scope: "login:info login:email login:avatar" },
      },
      token: "https://oauth.yandex.ru/token",
      userinfo: "https://login.yandex.ru/info?format=json",
      checks: ["pkce", "state"],
      profile: (profile) => ({
        id: profile.id,
        name: profile.display_name ?? profile.real_name ?? profile.first_name ?? profile.login,
        email: profile.default_email ?? profile.emails?.[0] ?? null,
        image:
          !profile.is_avatar_empty && profile.default_avatar_id
            ? yandexAvatarUrl(profile.default_avatar_id)
            : null,
      }),
      style: { brandColor: "#fc3f1d" },
    },
    config,
  );
}
