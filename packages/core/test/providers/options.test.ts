import { InvalidConfiguration } from "@portcullis/core/errors";
import Apple from "@portcullis/core/providers/apple";
import { discordAvatarUrl } from "@portcullis/core/providers/discord";
import GitHub, { type GitHubProfile } from "@portcullis/core/providers/github";
import Google, { type GoogleProfile } from "@portcullis/core/providers/google";
import Mastodon from "@portcullis/core/providers/mastodon";
import MicrosoftEntraID from "@portcullis/core/providers/microsoft-entra-id";
import TikTok from "@portcullis/core/providers/tiktok";
import Twitter, { type TwitterUserConfig } from "@portcullis/core/providers/twitter";
import { YANDEX_AVATAR_SIZES, yandexAvatarUrl } from "@portcullis/core/providers/yandex";
import type { OAuth2Config, OIDCConfig } from "@portcullis/core/types";
import { describe, expect, expectTypeOf, it } from "vitest";
import { endpointOf } from "./helpers";

describe("Twitter", () => {
  it("uses OAuth 2 with PKCE and state against X's endpoints by default", () => {
    const config = Twitter();
    expect(config.type).toBe("oauth");
    expect(endpointOf(config.authorization)).toEqual({
      url: "https://x.com/i/oauth2/authorize",
      params: { scope: "users.read tweet.read offline.access" },
    });
    expect(config.token).toBe("https://api.x.com/2/oauth2/token");
    expect(config.userinfo).toBe("https://api.x.com/2/users/me?user.fields=profile_image_url");
    expect(config.checks).toEqual(["pkce", "state"]);
  });

  it("accepts version 2.0 explicitly", () => {
    expect(Twitter({ version: "2.0" }).version).toBe("2.0");
  });

  it("rejects an unknown version with InvalidConfiguration", () => {
    const other = { version: "1.0" } as unknown as TwitterUserConfig;
    expect(() => Twitter(other)).toThrow(InvalidConfiguration);
  });

  it("selects OAuth 1.0a with version 1.0A, without PKCE or state", () => {
    const config = Twitter({ version: "1.0A" });
    expect(config.version).toBe("1.0A");
    expect(config.requestTokenUrl).toBe("https://api.twitter.com/oauth/request_token");
    expect(config.checks).toEqual([]);
  });
});

describe("Yandex avatars", () => {
  it("lists the avatar sizes from smallest to largest", () => {
    expect(YANDEX_AVATAR_SIZES).toEqual([
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
    ]);
  });

  it("builds an avatar URL for a size, 200x200 by default", () => {
    expect(yandexAvatarUrl("31804/BYkog-1", "islands-68")).toBe(
      "https://avatars.yandex.net/get-yapic/31804/BYkog-1/islands-68",
    );
    expect(yandexAvatarUrl("31804/BYkog-1")).toBe(
      "https://avatars.yandex.net/get-yapic/31804/BYkog-1/islands-200",
    );
  });
});

describe("Microsoft Entra ID", () => {
  it("defaults to the multi-tenant common issuer", () => {
    expect(MicrosoftEntraID().issuer).toBe("https://login.microsoftonline.com/common/v2.0");
  });

  it("builds the issuer from tenantId", () => {
    const config = MicrosoftEntraID({ tenantId: "9188040d-6c67-4c5b-b112-36a304b66dad" });
    expect(config.issuer).toBe("https://login.microsoftonline.com/9188040d-6c67-4c5b-b112-36a304b66dad/v2.0");
  });

  it("lets an explicit issuer win over tenantId", () => {
    const issuer = "https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0";
    expect(MicrosoftEntraID({ tenantId: "other", issuer }).issuer).toBe(issuer);
  });

  it("keeps the default issuer when issuer is given as undefined", () => {
    expect(MicrosoftEntraID({ issuer: undefined }).issuer).toBe(
      "https://login.microsoftonline.com/common/v2.0",
    );
  });
});

describe("GitHub Enterprise", () => {
  it("points every endpoint at the enterprise server", () => {
    const config = GitHub({ enterprise: { baseUrl: "https://github.example.com/" } });
    expect(endpointOf(config.authorization).url).toBe("https://github.example.com/login/oauth/authorize");
    expect(config.token).toBe("https://github.example.com/login/oauth/access_token");
    expect(endpointOf(config.userinfo).url).toBe("https://github.example.com/api/v3/user");
  });
});

describe("Mastodon", () => {
  it("derives the endpoints from the instance URL, with or without a trailing slash", () => {
    for (const issuer of ["https://mastodon.social", "https://mastodon.social/"]) {
      const config = Mastodon({ issuer });
      expect(endpointOf(config.authorization)).toEqual({
        url: "https://mastodon.social/oauth/authorize",
        params: { scope: "read:accounts" },
      });
      expect(config.token).toBe("https://mastodon.social/oauth/token");
      expect(config.userinfo).toBe("https://mastodon.social/api/v1/accounts/verify_credentials");
    }
  });
});

describe("TikTok", () => {
  it("puts the client id into the authorization URL as client_key", () => {
    const config = TikTok({ clientId: "awkey" });
    expect(endpointOf(config.authorization).params).toEqual({
      scope: "user.info.basic",
      client_key: "awkey",
    });
  });
});

describe("Apple", () => {
  it("asks for a form_post response, checks nonce and state and posts the client secret", () => {
    const config = Apple();
    expect(endpointOf(config.authorization).params).toEqual({
      scope: "name email",
      response_mode: "form_post",
    });
    expect(config.checks).toEqual(["nonce", "state"]);
    expect(config.client).toEqual({ token_endpoint_auth_method: "client_secret_post" });
  });
});

describe("Discord avatars", () => {
  it("serves animated avatars as gif", () => {
    expect(discordAvatarUrl({ id: "1", avatar: "a_0123abcd", discriminator: "0" })).toBe(
      "https://cdn.discordapp.com/avatars/1/a_0123abcd.gif",
    );
  });
});

describe("factory types", () => {
  it("type each configuration by its provider's profile", () => {
    expectTypeOf(GitHub()).toEqualTypeOf<OAuth2Config<GitHubProfile>>();
    expectTypeOf(Google()).toEqualTypeOf<OIDCConfig<GoogleProfile>>();
    expectTypeOf(Google().type).toEqualTypeOf<"oidc">();
    expect(Google().type).toBe("oidc");
  });
});
