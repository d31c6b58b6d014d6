/**
 * The Discord provider.
 *
 * @module
 */

import { providerMark } from "../pages/provider-logos";
import type { OAuth2Config, OAuthUserConfig } from "../types";
import { defineOAuthProvider } from "./oauth-factory";

/** The user as Discord's API returns it (`GET /users/@me`). */
export interface DiscordProfile {
  id: string;
  username: string;
  /** `"0"` for accounts on the new unique-username system, else the legacy 4-digit tag. */
  discriminator: string;
  global_name: string | null;
  /** The avatar hash; `a_`-prefixed hashes are animated. */
  avatar: string | null;
  bot?: boolean;
  system?: boolean;
  mfa_enabled?: boolean;
  banner?: string | null;
  accent_color?: number | null;
  locale?: string;
  /** Present with the `email` scope. */
  verified?: boolean;
  email?: string | null;
  flags?: number;
  premium_type?: number;
  public_flags?: number;
}

/**
 * Returns the user's avatar URL (a GIF for animated avatars), or the default avatar Discord shows
 * when they have none.
 *
 * @param profile The user's `id`, `avatar` hash and `discriminator`.
 * @returns An image URL on Discord's CDN.
 * @example
 * ```ts
 * const url = discordAvatarUrl({ id: "80351110224678912", avatar: null, discriminator: "0" })
 * ```
 */
export function discordAvatarUrl(profile: Pick<DiscordProfile, "id" | "avatar" | "discriminator">): string {
  if (profile.avatar) {
    const format = profile.avatar.startsWith("a_") ? "gif" : "png";
    return `https://cdn.discordapp.com/avatars/${profile.id}/${profile.avatar}.${format}`;
  }
  // Discord's documented rule: new usernames pick from six defaults by the id's timestamp bits,
  // legacy tags from five by the discriminator.
  const index =
    profile.discriminator === "0"
      ? Number((BigInt(profile.id) >> 22n) % 6n)
      : Number(profile.discriminator) % 5;
  return `https://cdn.discordapp.com/embed/avatars/${index}.png`;
}

/**
 * Sign in with Discord (OAuth 2). Add `{origin}/auth/callback/discord` to the application's
 * redirects in the Discord developer portal; the client id and secret are read from
 * `AUTH_DISCORD_ID` and `AUTH_DISCORD_SECRET` when not given here. The default scope is
 * `identify email`; the profile image falls back to Discord's default avatar.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://discord.com/developers/docs/topics/oauth2
 * @example
 * ```ts
 * import Discord from "@portcullis/core/providers/discord"
 * const providers = [Discord({ clientId: "123", clientSecret: "secret" })]
 * ```
 */
export default function Discord(config?: OAuthUserConfig<DiscordProfile>): OAuth2Config<DiscordProfile> {
  return defineOAuthProvider<DiscordProfile>(
    {
      id: "discord",
      name: "Discord",
      type: "oauth",
      authorization: { url: "https://discord.com/oauth2/authorize", params: { scope: "identify email" } },
      token: "https://discord.com/api/v10/oauth2/token",
      userinfo: "https://discord.com/api/v10/users/@me",
      checks: ["state"],
      profile: (profile) => ({
        id: profile.id,
        name: profile.global_name ?? profile.username,
        email: profile.email ?? null,
        image: discordAvatarUrl(profile),
      }),
      style: { brandColor: "#5865f2" },
      [providerMark]:
        '<path fill-rule="evenodd" d="M5 6.5C7 5 9 4.5 9.5 4.5l.5 1a14 14 0 0 1 4 0l.5-1c.5 0 2.5.5 4.5 2 1.5 3 2.5 6.5 2 10.5-1.5 1.2-3 1.8-4.5 2.2l-1-1.6 1.6-.8-.4-.3a11 11 0 0 1-9.4 0l-.4.3 1.6.8-1 1.6C5.5 18.8 4 18.2 2.5 17 2 13 3 9.5 5 6.5zM8 12.5a1.5 1.7 0 1 0 3 0 1.5 1.7 0 1 0-3 0zm5 0a1.5 1.7 0 1 0 3 0 1.5 1.7 0 1 0-3 0z"/>',
    },
    config,
  );
}
