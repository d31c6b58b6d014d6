/**
 * The Battle.net provider.
 *
 * @module
 */
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims of a Battle.net ID token. Battle.net never shares the account's email. */
export interface BattleNetProfile {
  iss: string;
  aud: string;
  exp: number;
  iat: number;
  sub: string;
  azp?: string;
  /** The BattleTag, e.g. `Player#1234`. */
  battle_tag: string;
}

/**
 * Sign in with a Battle.net account (OpenID Connect, issuer `https://oauth.battle.net`; set
 * `issuer` to `https://oauth.battlenet.com.cn` for China). Add `{origin}/auth/callback/battlenet`
 * to the client's redirect URLs on develop.battle.net; the client id and secret are read from
 * `AUTH_BATTLENET_ID` and `AUTH_BATTLENET_SECRET` when not given here. The profile has a BattleTag
 * but never an email.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://develop.battle.net/documentation/guides/using-oauth
 * @example
 * ```ts
 * import BattleNet from "@portcullis/core/providers/battlenet"
 * const providers = [BattleNet({ clientId: "abc", clientSecret: "secret" })]
 * ```
 */
export default function BattleNet(config?: OIDCUserConfig<BattleNetProfile>): OIDCConfig<BattleNetProfile> {
  return defineOIDCProvider<BattleNetProfile>(
    {
      id: "battlenet",
      name: "Battle.net",
      type: "oidc",
      issuer: "https://oauth.battle.net",
      authorization: { params: { scope: "openid" } },
      // PKCE support is not documented for Battle.net; state keeps the callback bound to the browser.
      checks: ["state"],
      profile: (profile) => ({ id: profile.sub, name: profile.battle_tag, email: null, image: null }),
      style: { brandColor: "#148eff" },
    },
    config,
  );
}
