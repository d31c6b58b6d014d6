/**
 * The Hugging Face provider.
 *
 * @module
 */
import { defaultProfile } from "../flows/oauth/profile";
import type { OIDCConfig, OIDCUserConfig } from "../types";
import { defineOIDCProvider } from "./oauth-factory";

/** The claims Hugging Face issues for `openid profile email`. */
export interface HuggingfaceProfile {
  sub: string;
  name: string;
  preferred_username: string;
  profile: string;
  picture: string;
  email?: string;
  email_verified?: boolean;
  isPro?: boolean;
  [claim: string]: unknown;
}

/**
 * Sign in with Hugging Face (OpenID Connect). The issuer is `https://huggingface.co`; the checks are `state` and `pkce`. Register
 * `{origin}/auth/callback/huggingface` as the redirect URI; the client id and secret are read from
 * `AUTH_HUGGINGFACE_ID` and `AUTH_HUGGINGFACE_SECRET` when not given here.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://huggingface.co/docs/hub/oauth
 * @example
 * ```ts
 * import Huggingface from "@portcullis/core/providers/huggingface"
 * const providers = [Huggingface({ clientId: "id", clientSecret: "secret" })]
 * ```
 */
export default function Huggingface(
  config?: OIDCUserConfig<HuggingfaceProfile>,
): OIDCConfig<HuggingfaceProfile> {
  return defineOIDCProvider<HuggingfaceProfile>(
    {
      id: "huggingface",
      name: "Hugging Face",
      type: "oidc",
      issuer: "https://huggingface.co",
      checks: ["state", "pkce"],
      profile: defaultProfile,
      style: { brandColor: "#ffd21e" },
    },
    config,
  );
}
