import { internalConfig } from "@portcullis/core/config/normalize";
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
import GitHub from "@portcullis/core/providers/github";
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
import MicrosoftEntraID from "@portcullis/core/providers/microsoft-entra-id";
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
import type { OAuth2Config } from "@portcullis/core/types";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endpointOf } from "./helpers";

/** Any factory, whatever its profile type; called through {@link build}. */
type Factory = (config?: never) => OAuth2Config<never>;

/** Every built-in OAuth/OIDC factory, keyed by the id it must return (its file name). */
const factories: Record<string, Factory> = {
  apple: Apple,
  atlassian: Atlassian,
  auth0: Auth0,
  authentik: Authentik,
  "azure-ad-b2c": AzureADB2C,
  battlenet: BattleNet,
  bitbucket: Bitbucket,
  box: Box,
  cognito: Cognito,
  coinbase: Coinbase,
  discord: Discord,
  dropbox: Dropbox,
  facebook: Facebook,
  figma: Figma,
  github: GitHub,
  gitlab: GitLab,
  google: Google,
  hubspot: HubSpot,
  instagram: Instagram,
  kakao: Kakao,
  keycloak: Keycloak,
  line: LINE,
  linkedin: LinkedIn,
  mailru: MailRu,
  mastodon: Mastodon,
  "microsoft-entra-id": MicrosoftEntraID,
  naver: Naver,
  notion: Notion,
  okta: Okta,
  patreon: Patreon,
  reddit: Reddit,
  salesforce: Salesforce,
  slack: Slack,
  spotify: Spotify,
  strava: Strava,
  tiktok: TikTok,
  twitch: Twitch,
  twitter: Twitter,
  vk: VK,
  yandex: Yandex,
  zitadel: Zitadel,
  zoom: Zoom,
};

/** Providers whose endpoints depend on a tenant or instance, with a sample `issuer` for each. */
const tenantIssuers: Record<string, string> = {
  auth0: "https://example.eu.auth0.com",
  authentik: "https://authentik.example.com/application/o/app/",
  "azure-ad-b2c": "https://contoso.b2clogin.com/775527ff-9a37-4307-8b3d-cc311f58d925/v2.0/",
  cognito: "https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_AbC123",
  keycloak: "https://kc.example.com/realms/main",
  mastodon: "https://mastodon.social",
  okta: "https://dev-123456.okta.com/oauth2/default",
  zitadel: "https://my-instance.zitadel.cloud",
};

const entries = Object.entries(factories).map(([id, factory]) => ({ id, factory }));
const tenants = entries.filter(({ id }) => id in tenantIssuers);

function build(factory: Factory, config?: Record<string, unknown>): OAuth2Config<never> {
  return factory(config as never);
}

/** The provider as an app would configure it: with its sample issuer when it needs one. */
function configured(id: string, factory: Factory, config: Record<string, unknown> = {}): OAuth2Config<never> {
  const issuer = tenantIssuers[id];
  return build(factory, issuer ? { issuer, ...config } : config);
}

/** Every URL the configuration names: endpoint URLs, issuer and discovery location. */
function urlsOf(config: OAuth2Config<never>): string[] {
  const endpoints = [config.authorization, config.token, config.userinfo].map((e) =>
    e === undefined ? undefined : endpointOf(e).url,
  );
  return [...endpoints, config.issuer, config.wellKnown].filter((u) => u !== undefined).map(String);
}

/** The serialisable part of a configuration, to compare two calls. */
function snapshot(config: OAuth2Config<never>): unknown {
  return JSON.parse(JSON.stringify(config));
}

/** Freezes an object and everything in it, so any write to it throws. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

describe("every provider factory", () => {
  it("is in the table once per provider", () => {
    expect(entries).toHaveLength(42);
  });

  it("returns ids unique across all providers", () => {
    const ids = entries.map(({ factory }) => build(factory).id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(entries)("$id: a bare call returns its id, a name and type oauth or oidc", ({ id, factory }) => {
    const config = build(factory);
    expect(config.id).toBe(id);
    expect(config.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(typeof config.name).toBe("string");
    expect(config.name.length).toBeGreaterThan(0);
    expect(["oauth", "oidc"]).toContain(config.type);
    expect(typeof config.profile).toBe("function");
    expect(config.style?.brandColor).toMatch(/^#[0-9a-f]{6}$/);
  });

  it.each(entries)("$id: every endpoint, issuer and discovery URL is https", ({ id, factory }) => {
    const urls = [...urlsOf(build(factory)), ...urlsOf(configured(id, factory))];
    expect(urls.length).toBeGreaterThan(0);
    for (const url of urls) expect(new URL(url).protocol).toBe("https:");
  });

  it.each(entries)("$id: has the endpoints its type needs", ({ id, factory }) => {
    const config = configured(id, factory);
    if (config.type === "oauth") {
      expect(endpointOf(config.authorization).url).toBeTruthy();
      const token = endpointOf(config.token);
      expect(token.url ?? token.request).toBeTruthy();
      const userinfo = endpointOf(config.userinfo);
      expect(userinfo.url ?? userinfo.request).toBeTruthy();
    } else {
      expect(config.issuer ?? config.wellKnown).toBeTruthy();
    }
  });

  it.each(entries)(
    "$id: clientId, clientSecret, checks and profile given by the user win",
    ({ id, factory }) => {
      const profile = () => ({ id: "custom" });
      const config = configured(id, factory, {
        clientId: "client-id",
        clientSecret: "client-secret",
        checks: ["none"],
        profile,
      });
      expect(config.clientId).toBe("client-id");
      expect(config.clientSecret).toBe("client-secret");
      expect(config.checks).toEqual(["none"]);
      expect(config.profile).toBe(profile);
    },
  );

  it.each(entries)(
    "$id: authorization params given as an object merge over the defaults",
    ({ id, factory }) => {
      const base = configured(id, factory, { clientId: "client-id" });
      const config = configured(id, factory, {
        clientId: "client-id",
        authorization: { params: { prompt: "login" } },
      });
      const before = base.authorization === undefined ? {} : endpointOf(base.authorization);
      const after = endpointOf(config.authorization);
      expect(after.url).toBe(before.url);
      expect(after.params).toEqual({ ...before.params, prompt: "login" });
    },
  );

  it.each(entries)("$id: an authorization URL given as a string replaces the default", ({ id, factory }) => {
    const config = configured(id, factory, { authorization: "https://login.example/authorize?scope=x" });
    expect(config.authorization).toBe("https://login.example/authorize?scope=x");
  });

  it.each(entries)("$id: style given by the user merges over the default", ({ factory }) => {
    const config = build(factory, { style: { logo: "https://cdn.example/logo.svg" } });
    expect(config.style).toEqual({ ...build(factory).style, logo: "https://cdn.example/logo.svg" });
  });

  it.each(entries)("$id: a call never changes the defaults of later calls", ({ id, factory }) => {
    const freshBare = snapshot(configured(id, factory));
    const freshSecond = snapshot(configured(id, factory, { clientId: "two" }));
    const first = configured(id, factory, {
      clientId: "one",
      authorization: { params: { prompt: "login" } },
      checks: ["state"],
      style: { brandColor: "#123456" },
    });
    // Changing what one call returned must not leak into the next.
    const params = first.authorization === undefined ? undefined : endpointOf(first.authorization).params;
    if (params) params.scope = "mutated";
    first.checks?.push("none");
    if (first.style) first.style.brandColor = "#badbad";
    if (first.client) first.client.token_endpoint_auth_method = "none";
    expect(snapshot(configured(id, factory, { clientId: "two" }))).toEqual(freshSecond);
    expect(snapshot(configured(id, factory))).toEqual(freshBare);
  });

  it.each(entries)("$id: the user's config object is left untouched", ({ id, factory }) => {
    const config = deepFreeze({
      clientId: "client-id",
      authorization: { params: { prompt: "login" } },
      style: { logo: "https://cdn.example/logo.svg" },
      checks: ["state"],
    });
    expect(() => configured(id, factory, config)).not.toThrow();
    expect(config.authorization.params).toEqual({ prompt: "login" });
  });
});

describe("tenant providers", () => {
  it.each(tenants)("$id: has no issuer until one is configured", ({ factory }) => {
    expect(build(factory).issuer).toBeUndefined();
  });

  it.each(tenants)("$id: uses the configured issuer", ({ id, factory }) => {
    expect(configured(id, factory).issuer).toBe(tenantIssuers[id]);
  });
});

describe("environment inference for every factory", () => {
  afterEach(() => vi.unstubAllEnvs());
  const secret = "env-table-secret-env-table-secret-env";

  it.each(Object.entries(factories))(
    "fills %s from AUTH_{ID}_ID, _SECRET and (when it has no issuer of its own) _ISSUER",
    (id, factory) => {
      const key = `AUTH_${id.toUpperCase().replaceAll("-", "_")}`;
      vi.stubEnv(`${key}_ID`, `${id}-client`);
      vi.stubEnv(`${key}_SECRET`, `${id}-secret`);
      vi.stubEnv(`${key}_ISSUER`, `https://${id}.example.com`);
      const provider = internalConfig({ secret, providers: [factory] }).providerById.get(id) as OAuth2Config;
      expect(provider).toMatchObject({ clientId: `${id}-client`, clientSecret: `${id}-secret` });
      // A provider with a fixed issuer keeps it; tenant providers take the environment's.
      expect(provider.issuer).toBe(factory().issuer ?? `https://${id}.example.com`);
    },
  );

  it.each(Object.entries(factories))("lets %s's explicit options win over the environment", (id, factory) => {
    vi.stubEnv(`AUTH_${id.toUpperCase().replaceAll("-", "_")}_ID`, "from-env");
    const configured = (factory as unknown as (config: object) => OAuth2Config)({
      clientId: "explicit",
      issuer: `https://${id}.example.com`,
    });
    const provider = internalConfig({ secret, providers: [configured] }).providerById.get(id) as OAuth2Config;
    expect(provider.clientId).toBe("explicit");
  });
});
