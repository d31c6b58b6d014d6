/**
 * The VK provider (VK ID, OAuth 2.1).
 *
 * @module
 */
import { idText } from "../adapter/ids";
import { InvalidConfiguration, OAuthCallbackError, OAuthProfileParseError } from "../errors";
import type {
  OAuth2Config,
  OAuthUserConfig,
  Profile,
  TokenRequestContext,
  TokenSet,
  UserinfoRequestContext,
} from "../types";
import { callbackUrlOf, defineOAuthProvider, requestJson, tokenFailure } from "./oauth-factory";

/** The user as VK ID returns it (`POST /oauth2/user_info`, the `user` object). */
export interface VKProfile {
  user_id: string;
  first_name?: string;
  last_name?: string;
  avatar?: string;
  /** Present with the `email` scope. */
  email?: string;
  /** Present with the `phone` scope. */
  phone?: string;
  /** 1 female, 2 male, 0 unknown. */
  sex?: 0 | 1 | 2;
  verified?: boolean;
  /** `DD.MM.YYYY`. */
  birthday?: string;
}

/** The provider's client id, which VK ID needs in the body of every request. */
function clientIdOf(provider: { readonly [key: string]: unknown }): string {
  if (typeof provider.clientId !== "string") throw new InvalidConfiguration("The vk provider needs clientId");
  return provider.clientId;
}

/**
 * VK ID binds the code to the `device_id` it adds to the callback, so the exchange must send it
 * back with the PKCE verifier; VK ID's web flow uses no client secret.
 */
async function requestVKToken({ provider, params, checks }: TokenRequestContext): Promise<TokenSet> {
  const deviceId = params.get("device_id");
  if (!deviceId) throw new OAuthCallbackError("The VK ID callback has no device_id");
  const body = new URLSearchParams({
    grant_type: "authorization_code",
    code: params.get("code") ?? "",
    code_verifier: checks.code_verifier ?? "",
    device_id: deviceId,
    redirect_uri: callbackUrlOf(provider),
    client_id: clientIdOf(provider),
    state: params.get("state") ?? "",
  });
  const url = provider.token?.url ?? "https://id.vk.com/oauth2/auth";
  const init = { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body };
  const tokens = await requestJson<TokenSet & { error?: unknown }>(url, init, "VK ID token request");
  if (tokens.error || typeof tokens.access_token !== "string") {
    throw new OAuthCallbackError(`VK ID token request failed: ${tokenFailure(tokens.error)}`);
  }
  return tokens;
}

/** VK ID's user endpoint takes the token and the client id as a form POST. */
async function requestVKUser({ provider, tokens }: UserinfoRequestContext): Promise<Profile> {
  const body = new URLSearchParams({
    client_id: clientIdOf(provider),
    access_token: tokens.access_token ?? "",
  });
  const url = provider.userinfo?.url ?? "https://id.vk.com/oauth2/user_info";
  const init = { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body };
  const { user } = await requestJson<{ user?: Profile }>(url, init, "VK ID user request");
  if (!user) throw new OAuthProfileParseError("The VK ID user response has no user");
  return user;
}

/**
 * Sign in with VK (VK ID, OAuth 2.1 with PKCE). Create a web app in the VK ID business account,
 * add `{origin}/auth/callback/vk` as a trusted redirect URL; the app id is read from
 * `AUTH_VK_ID` when not given here (VK ID's web flow needs no secret, so `AUTH_VK_SECRET` is
 * unused). The token exchange sends back the `device_id` VK ID adds to the callback, and the
 * default scope `vkid.personal_info email` reads the name, avatar and email.
 *
 * @param config Overrides of the defaults.
 * @returns The provider configuration.
 * @see https://id.vk.com/about/business/go/docs/ru/vkid/latest/vk-id/connection/api-integration/api-description
 * @example
 * ```ts
 * import VK from "@portcullis/core/providers/vk"
 * const providers = [VK({ clientId: "51234567" })]
 * ```
 */
export default function VK(config?: OAuthUserConfig<VKProfile>): OAuth2Config<VKProfile> {
  return defineOAuthProvider<VKProfile>(
    {
      id: "vk",
      name: "VK",
      type: "oauth",
      authorization: { url: "https://id.vk.com/authorize", params: { scope: "vkid.personal_info email" } },
      token: { url: "https://id.vk.com/oauth2/auth", request: requestVKToken },
      userinfo: { url: "https://id.vk.com/oauth2/user_info", request: requestVKUser },
      client: { token_endpoint_auth_method: "none" },
      checks: ["pkce", "state"],
      profile: (profile) => ({
        id: idText(profile.user_id),
        name: [profile.first_name, profile.last_name].filter(Boolean).join(" ") || null,
        email: profile.email ?? null,
        image: profile.avatar ?? null,
      }),
      style: { brandColor: "#0077ff" },
    },
    config,
  );
}
