/**
 * The WeChat provider.
 *
 * @module
 */
import { InvalidConfiguration, OAuthCallbackError } from "../errors";
import type {
  OAuth2Config,
  OAuthUserConfig,
  Profile,
  TokenRequestContext,
  TokenSet,
  UserinfoRequestContext,
} from "../types";
import { defineOAuthProvider, requestJson, tokenFailure } from "./oauth-factory";

/** The user as WeChat's `GET /sns/userinfo` returns them. */
export interface WeChatProfile {
  openid: string;
  nickname: string;
  sex: number;
  province: string;
  city: string;
  country: string;
  headimgurl: string;
  privilege: string[];
  /** The id across all of a developer's apps; the account id, as in Auth.js. */
  unionid: string;
  [claim: string]: unknown;
}

/** Options of {@link WeChat}: the common ones plus where the sign-in happens. */
export type WeChatUserConfig = OAuthUserConfig<WeChatProfile> & {
  /**
   * `OfficialAccount` (default): sign-in inside WeChat through an official account, scope
   * `snsapi_userinfo`. `WebsiteApp`: a QR code on a website, scope `snsapi_login`.
   */
  platformType?: "OfficialAccount" | "WebsiteApp";
};

const TOKEN_URL = "https://api.weixin.qq.com/sns/oauth2/access_token";

/**
 * WeChat's token endpoint is not RFC 6749: it takes `appid` and `secret` as query parameters,
 * answers errors with HTTP 200 and an `errcode`, and sends no `token_type`.
 */
async function requestWeChatToken({ provider, params }: TokenRequestContext): Promise<TokenSet> {
  const { clientId, clientSecret } = provider;
  if (typeof clientId !== "string" || typeof clientSecret !== "string") {
    throw new InvalidConfiguration("The wechat provider needs clientId (the AppID) and clientSecret");
  }
  const url = new URL(String(provider.token?.url ?? TOKEN_URL));
  url.searchParams.set("appid", clientId);
  url.searchParams.set("secret", clientSecret);
  url.searchParams.set("code", params.get("code") ?? "");
  url.searchParams.set("grant_type", "authorization_code");
  const tokens = await requestJson<TokenSet & { errcode?: unknown }>(url, {}, "WeChat token request");
  if (tokens.errcode || typeof tokens.access_token !== "string") {
    throw new OAuthCallbackError(`WeChat token request failed: ${tokenFailure(tokens.errcode)}`);
  }
  return { ...tokens, token_type: "bearer" };
}

/** WeChat's userinfo takes the token and the `openid` from the token response as query parameters. */
async function requestWeChatUser({ provider, tokens }: UserinfoRequestContext): Promise<Profile> {
  const url = new URL(String(provider.userinfo?.url));
  url.searchParams.set("access_token", String(tokens.access_token));
  url.searchParams.set("openid", String(tokens.openid));
  url.searchParams.set("lang", "zh_CN");
  return requestJson<Profile>(url, {}, "WeChat user request");
}

/**
 * Sign in with WeChat (OAuth 2, with the `state` check). `platformType` chooses between sign-in
 * inside WeChat (`OfficialAccount`, the default) and a website QR code (`WebsiteApp`). The AppID
 * and AppSecret are read from `AUTH_WECHAT_ID` and `AUTH_WECHAT_SECRET` when not given here; the
 * AppID also goes on the authorization URL as `appid`, as WeChat requires.
 *
 * @param config Overrides of the defaults; `platformType` as above.
 * @returns The provider configuration.
 * @see https://developers.weixin.qq.com/doc/oplatform/en/Website_App/WeChat_Login/Wechat_Login.html
 * @example
 * ```ts
 * import WeChat from "@portcullis/core/providers/wechat"
 * const providers = [WeChat({ clientId: "wx123", clientSecret: "secret", platformType: "WebsiteApp" })]
 * ```
 */
export default function WeChat(config?: WeChatUserConfig): OAuth2Config<WeChatProfile> {
  const inApp = (config?.platformType ?? "OfficialAccount") === "OfficialAccount";
  return defineOAuthProvider<WeChatProfile>(
    {
      id: "wechat",
      name: "WeChat",
      type: "oauth",
      checks: ["state"],
      authorization: {
        url: inApp
          ? "https://open.weixin.qq.com/connect/oauth2/authorize"
          : "https://open.weixin.qq.com/connect/qrconnect",
        params: {
          ...(config?.clientId && { appid: config.clientId }),
          scope: inApp ? "snsapi_userinfo" : "snsapi_login",
        },
      },
      token: { url: TOKEN_URL, request: requestWeChatToken },
      userinfo: { url: "https://api.weixin.qq.com/sns/userinfo", request: requestWeChatUser },
      profile: (profile) => ({
        id: profile.unionid,
        name: profile.nickname,
        email: null,
        image: profile.headimgurl,
      }),
      style: { brandColor: "#07c160" },
    },
    config,
  );
}
