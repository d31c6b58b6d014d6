import { OAuthCallbackError } from "@portcullis/core/errors";
import Apple from "@portcullis/core/providers/apple";
import Atlassian from "@portcullis/core/providers/atlassian";
import Auth0 from "@portcullis/core/providers/auth0";
import Authentik from "@portcullis/core/providers/authentik";
import AzureADB2C from "@portcullis/core/providers/azure-ad-b2c";
import BattleNet from "@portcullis/core/providers/battlenet";
import Bitbucket from "@portcullis/core/providers/bitbucket";
import Box from "@portcullis/core/providers/box";
import Cognito from "@portcullis/core/providers/cognito";
import Coinbase from "@portcullis/core/providers/coinbase";
import Discord from "@portcullis/core/providers/discord";
import Dropbox from "@portcullis/core/providers/dropbox";
import Facebook from "@portcullis/core/providers/facebook";
import Figma from "@portcullis/core/providers/figma";
import GitHub, { type GitHubProfile } from "@portcullis/core/providers/github";
import GitLab from "@portcullis/core/providers/gitlab";
import Google from "@portcullis/core/providers/google";
import HubSpot from "@portcullis/core/providers/hubspot";
import Instagram from "@portcullis/core/providers/instagram";
import Kakao from "@portcullis/core/providers/kakao";
import Keycloak from "@portcullis/core/providers/keycloak";
import LINE from "@portcullis/core/providers/line";
import LinkedIn from "@portcullis/core/providers/linkedin";
import MailRu from "@portcullis/core/providers/mailru";
import Mastodon from "@portcullis/core/providers/mastodon";
import MicrosoftEntraID, { graphBaseUrl } from "@portcullis/core/providers/microsoft-entra-id";
import Naver from "@portcullis/core/providers/naver";
import Notion from "@portcullis/core/providers/notion";
import Okta from "@portcullis/core/providers/okta";
import Patreon from "@portcullis/core/providers/patreon";
import Reddit from "@portcullis/core/providers/reddit";
import Salesforce from "@portcullis/core/providers/salesforce";
import Slack from "@portcullis/core/providers/slack";
import Spotify from "@portcullis/core/providers/spotify";
import Strava from "@portcullis/core/providers/strava";
import TikTok from "@portcullis/core/providers/tiktok";
import Twitch from "@portcullis/core/providers/twitch";
import Twitter from "@portcullis/core/providers/twitter";
import VK from "@portcullis/core/providers/vk";
import Yandex from "@portcullis/core/providers/yandex";
import Zitadel from "@portcullis/core/providers/zitadel";
import Zoom from "@portcullis/core/providers/zoom";
import type { OAuth2Config, User } from "@portcullis/core/types";
import { afterEach, describe, expect, it } from "vitest";
import { endpointOf, internalProvider, type StubApi, startApi } from "./helpers";
import { samples } from "./samples";

/** One provider's sample profile (typed by the provider's Profile interface) and the user it maps to. */
interface ProfileCase {
  title: string;
  run: () => Promise<User>;
  expected: User;
}

function profileCase<P>(
  title: string,
  factory: () => OAuth2Config<P>,
  sample: P,
  expected: User,
): ProfileCase {
  return {
    title,
    expected,
    run: async () => {
      const { profile } = factory();
      if (!profile) throw new Error(`${title} has no profile callback`);
      return profile(sample, { access_token: "access-token", token_type: "bearer" });
    },
  };
}

const cases: ProfileCase[] = [
  profileCase("apple maps the first sign-in's user field to a name", Apple, samples.appleFirst, {
    id: "001234.5b7e2f0c9a8d4e6f.1234",
    name: "Ada Lovelace",
    email: "ada@privaterelay.appleid.com",
    image: null,
  }),
  profileCase("apple has no name on later sign-ins", Apple, samples.appleLater, {
    id: "001234.5b7e2f0c9a8d4e6f.1234",
    name: null,
    email: "ada@privaterelay.appleid.com",
    image: null,
  }),
  profileCase("atlassian maps account_id, name, email and picture", Atlassian, samples.atlassian, {
    id: "5b10ac8d82e05b22cc7d4ef5",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image: "https://avatar-management--avatars.us-west-2.prod.public.atl-paas.net/initials/AL-3.png",
  }),
  profileCase("auth0 maps the ID token claims", Auth0, samples.auth0, {
    id: "auth0|64f1b2c3d4e5f6a7b8c9d0e1",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image:
      "https://s.gravatar.com/avatar/0a1b2c3d?s=480&r=pg&d=https%3A%2F%2Fcdn.auth0.com%2Favatars%2Fal.png",
  }),
  profileCase(
    "authentik falls back to preferred_username and has no image by default",
    Authentik,
    samples.authentik,
    {
      id: "8c1d2e3f4a5b6c7d8e9f0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d",
      name: "ada",
      email: "ada@example.com",
      image: null,
    },
  ),
  profileCase("azure-ad-b2c takes the first of the emails claim", AzureADB2C, samples.azureADB2C, {
    id: "6e2b3f4a-1c2d-4e5f-8a9b-0c1d2e3f4a5b",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image: null,
  }),
  profileCase("battlenet maps the BattleTag and never an email", BattleNet, samples.battlenet, {
    id: "123456789",
    name: "Ada#1815",
    email: null,
    image: null,
  }),
  profileCase("bitbucket maps account_id, display name, email and avatar", Bitbucket, samples.bitbucket, {
    id: "557058:3c2f1e0d-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image:
      "https://secure.gravatar.com/avatar/0a1b2c3d?d=https%3A%2F%2Favatar-management--avatars.us-west-2.prod.public.atl-paas.net%2Finitials%2FAL-2.png",
  }),
  profileCase("box maps login to the email", Box, samples.box, {
    id: "11446498",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image: "https://app.box.com/api/avatar/large/11446498",
  }),
  profileCase("cognito maps the ID token claims", Cognito, samples.cognito, {
    id: "94f8a4d8-6011-70b6-1a2b-3c4d5e6f7a8b",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image: null,
  }),
  profileCase("coinbase reads the data envelope", Coinbase, samples.coinbase, {
    id: "9da7a204-544e-5fd1-9a12-61176c5d4cd8",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image:
      "https://images.coinbase.com/avatar?h=vR%2FY8igBoPwuwGren5JMwvDNGpURAY%2F0nRIOgH%2FY2Qh%2BQ6nomR3qusA%2Bh6o2%0Af9rH&s=128",
  }),
  profileCase("discord prefers the global name and builds the avatar URL", Discord, samples.discord, {
    id: "80351110224678912",
    name: "Ada",
    email: "ada@example.com",
    image: "https://cdn.discordapp.com/avatars/80351110224678912/8342729096ea3675442027381ff50dfe.png",
  }),
  profileCase(
    "discord falls back to the default avatar of a new-style username",
    Discord,
    samples.discordNoAvatar,
    {
      id: "80351110224678912",
      name: "ada",
      email: null,
      image: "https://cdn.discordapp.com/embed/avatars/5.png",
    },
  ),
  profileCase("discord falls back to the default avatar of a legacy tag", Discord, samples.discordLegacyTag, {
    id: "80351110224678912",
    name: "ada",
    email: null,
    image: "https://cdn.discordapp.com/embed/avatars/2.png",
  }),
  profileCase("dropbox maps the display name and photo", Dropbox, samples.dropbox, {
    id: "dbid:AAH4f99T0taONIb-OurWxbNQ6ywGRopQngc",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image: "https://dl-web.dropbox.com/account_photo/get/dbaphid%3AAAHWGmIXV3sUuOmBfTz0wPsiqHUpBWvv3ZA",
  }),
  profileCase("facebook reads the picture data URL", Facebook, samples.facebook, {
    id: "10158457123456789",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image:
      "https://platform-lookaside.fbsbx.com/platform/profilepic/?asid=10158457123456789&height=200&width=200",
  }),
  profileCase("figma maps the handle to the name", Figma, samples.figma, {
    id: "1149417843461240510",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image: "https://s3-alpha.figma.com/profile/0a1b2c3d-4e5f-6a7b-8c9d-0e1f2a3b4c5d",
  }),
  profileCase("github turns the numeric id into a string", GitHub, samples.github, {
    id: "1815",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image: "https://avatars.githubusercontent.com/u/1815?v=4",
  }),
  profileCase("gitlab turns the numeric id into a string", GitLab, samples.gitlab, {
    id: "4711",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image: "https://gitlab.com/uploads/-/system/user/avatar/4711/avatar.png",
  }),
  profileCase("google maps the ID token claims", Google, samples.google, {
    id: "110169484474386276334",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image: "https://lh3.googleusercontent.com/a/ACg8ocJ0a1b2c3d4e5f6=s96-c",
  }),
  profileCase("hubspot uses the token owner's email as name and email", HubSpot, samples.hubspot, {
    id: "123456",
    name: "ada@example.com",
    email: "ada@example.com",
    image: null,
  }),
  profileCase("instagram maps the username and picture and never an email", Instagram, samples.instagram, {
    id: "7934120863337612",
    name: "Ada Lovelace",
    email: null,
    image: "https://scontent.cdninstagram.com/v/t51.2885-19/ada_profile.jpg",
  }),
  profileCase("kakao reads the kakao_account profile", Kakao, samples.kakao, {
    id: "3137520011",
    name: "Ada",
    email: "ada@kakao.example",
    image: "http://k.kakaocdn.net/dn/abc/img_640x640.jpg",
  }),
  profileCase("keycloak maps the ID token claims", Keycloak, samples.keycloak, {
    id: "f9c6b3a2-1d2e-4f5a-8b9c-0d1e2f3a4b5c",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image: null,
  }),
  profileCase("line maps the ID token claims", LINE, samples.line, {
    id: "U4af4980629a1b2c3d4e5f6a7b8c9d0e1",
    name: "Ada",
    email: "ada@example.com",
    image: "https://profile.line-scdn.net/0h1a2b3c4d5e",
  }),
  profileCase("linkedin maps the OpenID claims", LinkedIn, samples.linkedin, {
    id: "782bbtaQ",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image: "https://media.licdn.com/dms/image/C4E03AQH/profile-displayphoto-shrink_100_100/0/1516000000000",
  }),
  profileCase("mailru maps id, name, email and image", MailRu, samples.mailru, {
    id: "18094397563483283481",
    name: "Ada Lovelace",
    email: "ada@mail.ru",
    image: "https://filin.mail.ru/pic?d=abc&width=180&height=180",
  }),
  profileCase("mastodon prefers the display name and the static avatar", Mastodon, samples.mastodon, {
    id: "109302432180742195",
    name: "Ada Lovelace",
    email: null,
    image: "https://files.mastodon.social/accounts/avatars/109/302/432/180/742/195/original/ada.png",
  }),
  profileCase(
    "microsoft-entra-id uses the email claim, not preferred_username",
    // Graph at a closed loopback port: the photo fetch fails at once, as with no photo, and the
    // test never depends on reaching the internet (entra-photo.test.ts covers the photo).
    () => MicrosoftEntraID({ [graphBaseUrl]: "http://127.0.0.1:9" }),
    samples.entra,
    {
      id: "AAAAAAAAAAAAAAAAAAAAAIkzqFVrSaSaFHy782bbtaQ",
      name: "Ada Lovelace",
      email: null,
      image: null,
    },
  ),
  profileCase("naver reads the response envelope", Naver, samples.naver, {
    id: "32742776",
    name: "ada",
    email: "ada@naver.com",
    image: "https://ssl.pstatic.net/static/pwe/address/img_profile.png",
  }),
  profileCase("notion maps the person's email", Notion, samples.notion, {
    id: "e79a0b74-3aba-4149-9f74-0bb5791a6ee6",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image: "https://s3-us-west-2.amazonaws.com/public.notion-static.com/ada.png",
  }),
  profileCase("okta maps the ID token claims", Okta, samples.okta, {
    id: "00uid4BxXw6I6TV4m0g3",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image: null,
  }),
  profileCase("patreon reads the JSON:API attributes", Patreon, samples.patreon, {
    id: "12345689",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image: "https://c8.patreon.com/2/200/12345689",
  }),
  profileCase("reddit unescapes the icon URL and has no email", Reddit, samples.reddit, {
    id: "abc123",
    name: "ada_lovelace",
    email: null,
    image:
      "https://styles.redditmedia.com/t5_abc/styles/profileIcon_x.png?width=256&height=256&crop=256:256,smart&s=0a1b",
  }),
  profileCase("salesforce maps the UserInfo response", Salesforce, samples.salesforce, {
    id: "https://login.salesforce.com/id/00Dx0000000BV7z/005x00000012Q9P",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image: "https://example.my.salesforce.com/profilephoto/729x0000000M4Zp/F",
  }),
  profileCase("slack maps the ID token claims", Slack, samples.slack, {
    id: "U0R7MFMJM",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image: "https://secure.gravatar.com/avatar/0a1b2c3d.jpg?s=512",
  }),
  profileCase("spotify takes the largest image", Spotify, samples.spotify, {
    id: "smedjan",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image: "https://i.scdn.co/image/ab6775700000ee85large",
  }),
  profileCase("strava joins first and last name and has no email", Strava, samples.strava, {
    id: "1234567890987654400",
    name: "Ada Lovelace",
    email: null,
    image: "https://dgalywyr863hv.cloudfront.net/pictures/athletes/1234567890/large.jpg",
  }),
  profileCase("tiktok reads the data envelope and has no email", TikTok, samples.tiktok, {
    id: "723f24d7-e717-40f8-a2b6-cb8464cd23b4",
    name: "Ada",
    email: null,
    image: "https://p16-sign-va.tiktokcdn.com/ada~c5_168x168.jpeg",
  }),
  profileCase("twitch maps the requested claims", Twitch, samples.twitch, {
    id: "713936733",
    name: "ada_lovelace",
    email: "ada@example.com",
    image: "https://static-cdn.jtvnw.net/jtv_user_pictures/ada-profile_image-300x300.png",
  }),
  profileCase("twitter reads data and never sets an email", Twitter, samples.twitter, {
    id: "2244994945",
    name: "Ada Lovelace",
    email: null,
    image: "https://pbs.twimg.com/profile_images/1445764922474827784/W2zEPN7U_normal.jpg",
  }),
  profileCase("vk joins first and last name", VK, samples.vk, {
    id: "1234567890",
    name: "Ada Lovelace",
    email: "ada@vk.example",
    image: "https://sun1-99.userapi.com/s/v1/ig2/ada.jpg?size=200x200",
  }),
  profileCase("yandex builds the 200x200 avatar URL and takes default_email", Yandex, samples.yandex, {
    id: "1000034426",
    name: "Ada Lovelace",
    email: "ada@yandex.ru",
    image: "https://avatars.yandex.net/get-yapic/31804/BYkogAC6AoB17bN1HKRFAyKiM4-1/islands-200",
  }),
  profileCase("yandex has no image when the avatar is empty", Yandex, samples.yandexNoAvatar, {
    id: "1000034426",
    name: "ada.lovelace",
    email: "ada@yandex.ru",
    image: null,
  }),
  profileCase("zitadel maps the ID token claims", Zitadel, samples.zitadel, {
    id: "218436725345273891",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image: "https://my-instance.zitadel.cloud/assets/v1/218436725345273891/users/avatar",
  }),
  profileCase("zoom maps the display name and picture", Zoom, samples.zoom, {
    id: "KDcuGIm1QgePTO8WbOqwIQ",
    name: "Ada Lovelace",
    email: "ada@example.com",
    image: "https://us05web.zoom.us/p/v2/0a1b2c3d/ada.png",
  }),
];

describe("profile()", () => {
  it.each(cases)("$title", async ({ run, expected }) => {
    expect(await run()).toEqual(expected);
  });

  it("covers every provider factory", () => {
    const titled = new Set(cases.map((c) => c.title.split(" ")[0]));
    expect(titled.size).toBe(42);
  });
});

describe("GitHub's userinfo request", () => {
  let api: StubApi | undefined;
  afterEach(async () => {
    await api?.close();
    api = undefined;
  });

  /** Runs GitHub's custom userinfo request against the stub API, as the core would. */
  async function requestProfile(stub: StubApi) {
    const config = GitHub({ userinfo: { url: `${stub.url}/user` } });
    const { request } = endpointOf(config.userinfo);
    if (!request) throw new Error("GitHub has no custom userinfo request");
    return request({
      provider: internalProvider(config),
      tokens: { access_token: "gho_token", token_type: "bearer" },
    });
  }

  const privateUser: GitHubProfile = { ...samples.github, email: null };

  it("reads the primary verified email when the profile has no public email", async () => {
    api = await startApi({
      "GET /user": () => Response.json(privateUser),
      "GET /user/emails": () =>
        Response.json([
          { email: "old@example.com", primary: false, verified: true, visibility: null },
          { email: "ada@example.com", primary: true, verified: true, visibility: "private" },
        ]),
    });
    const profile = await requestProfile(api);
    expect(profile.email).toBe("ada@example.com");
    expect(await GitHub().profile?.(profile as unknown as GitHubProfile, {})).toEqual({
      id: "1815",
      name: "Ada Lovelace",
      email: "ada@example.com",
      image: "https://avatars.githubusercontent.com/u/1815?v=4",
    });
  });

  it("sends the access token as a bearer token with a User-Agent on both requests", async () => {
    api = await startApi({
      "GET /user": () => Response.json(privateUser),
      "GET /user/emails": () => Response.json([]),
    });
    await requestProfile(api);
    expect(api.received.map((r) => r.path)).toEqual(["/user", "/user/emails"]);
    for (const request of api.received) {
      expect(request.headers.get("authorization")).toBe("Bearer gho_token");
      expect(request.headers.get("user-agent")).toBeTruthy();
      expect(request.headers.get("user-agent")).not.toMatch(/^node/);
    }
  });

  it("does not read /user/emails when the profile has a public email", async () => {
    api = await startApi({ "GET /user": () => Response.json(samples.github) });
    const profile = await requestProfile(api);
    expect(profile.email).toBe("ada@example.com");
    expect(api.received.map((r) => r.path)).toEqual(["/user"]);
  });

  it("ignores a primary email that is not verified", async () => {
    api = await startApi({
      "GET /user": () => Response.json(privateUser),
      "GET /user/emails": () =>
        Response.json([{ email: "x@example.com", primary: true, verified: false, visibility: null }]),
    });
    expect((await requestProfile(api)).email).toBeNull();
  });

  it("signs in without an email when /user/emails is refused", async () => {
    api = await startApi({
      "GET /user": () => Response.json(privateUser),
      "GET /user/emails": () =>
        Response.json({ message: "Resource not accessible by integration" }, { status: 403 }),
    });
    const profile = await requestProfile(api);
    expect(profile.email).toBeNull();
    expect(profile.login).toBe("ada");
  });

  it("fails with OAuthCallbackError, without the token in the message, when /user is refused", async () => {
    api = await startApi({
      "GET /user": () => Response.json({ message: "Bad credentials" }, { status: 401 }),
    });
    const failure = await requestProfile(api).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(OAuthCallbackError);
    expect((failure as Error).message).toContain("401");
    expect((failure as Error).message).not.toContain("gho_token");
  });
});
