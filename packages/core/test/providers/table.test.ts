import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { internalConfig } from "@portcullis/core/config/normalize";
import type { OAuth2Config, ProviderConfig } from "@portcullis/core/types";
import { afterEach, describe, expect, it, vi } from "vitest";
import { carriedFlow } from "../../src/flows/carried";
import { emailFlow } from "../../src/flows/email";
import { oauthFlow } from "../../src/flows/oauth";
import { sampleOptions } from "./authjs-samples";
import { endpointOf } from "./helpers";

/** Any factory, whatever its profile type; called through {@link build}. */
type Factory = (config?: never) => OAuth2Config<never>;

/** Provider modules whose id is not their file name (as in Auth.js). */
const ID_OF_MODULE: Record<string, string> = { "ory-hydra": "hydra" };

/**
 * Every built-in OAuth/OIDC factory, keyed by the id it must return, found by reading the
 * providers folder: a provider added later is in every row below without editing this file.
 */
const factories: Record<string, Factory> = {};
/** The options an app would pass each provider (an issuer, an account id), keyed by id. */
const tenantOptions: Record<string, Record<string, unknown>> = {};
/** Every built-in email provider, as made with its sample options, keyed by module name. */
const emailProviders: Record<string, ProviderConfig> = {};
const providersDir = fileURLToPath(new URL("../../src/providers/", import.meta.url));
for (const file of readdirSync(providersDir).sort()) {
  if (!file.endsWith(".ts")) continue;
  const name = file.slice(0, -3);
  const module = (await import(/* @vite-ignore */ `@portcullis/core/providers/${name}`)) as {
    default?: unknown;
  };
  if (typeof module.default !== "function") continue;
  const factory = module.default as Factory;
  const made = (factory as (config?: object) => ProviderConfig)({ ...sampleOptions[name] });
  if (made.type === "email") emailProviders[name] = made;
  const type = made.type;
  if (type !== "oauth" && type !== "oidc") continue;
  const id = ID_OF_MODULE[name] ?? name;
  factories[id] = factory;
  if (sampleOptions[name]) tenantOptions[id] = sampleOptions[name];
}

/** Providers whose endpoints depend on a tenant or instance, with a sample `issuer` for each. */
const tenantIssuers: Record<string, string> = Object.fromEntries(
  Object.entries(tenantOptions)
    .filter(([, options]) => typeof options.issuer === "string")
    .map(([id, options]) => [id, options.issuer as string]),
);

const entries = Object.entries(factories).map(([id, factory]) => ({ id, factory }));
const tenants = entries.filter(({ id }) => id in tenantIssuers);

function build(factory: Factory, config?: Record<string, unknown>): OAuth2Config<never> {
  return factory(config as never);
}

/** The provider as an app would configure it: with its sample issuer (or account) when it needs one. */
function configured(id: string, factory: Factory, config: Record<string, unknown> = {}): OAuth2Config<never> {
  return build(factory, { ...tenantOptions[id], ...config });
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

describe("the sign-in method a provider brings", () => {
  // `Auth` holds only the credentials method; a provider without its method is refused.
  it.each(Object.keys(factories))("%s brings the OAuth flow, kept when the provider is spread", (id) => {
    const provider = configured(id, factories[id]!);
    expect(carriedFlow(provider)).toBe(oauthFlow);
    expect(carriedFlow({ ...provider, id: "copy" })).toBe(oauthFlow);
  });

  it.each(Object.keys(emailProviders))("%s brings the email flow", (name) => {
    expect(carriedFlow(emailProviders[name]!)).toBe(emailFlow);
  });

  it("covers the built-in providers", () => {
    expect(Object.keys(factories).length).toBeGreaterThan(90);
    expect(Object.keys(emailProviders).sort()).toEqual(
      ["email", "forwardemail", "loops", "mailgun", "nodemailer", "postmark", "resend", "sendgrid"].sort(),
    );
  });
});

describe("every provider factory", () => {
  it("is in the table once per provider, with every OAuth/OIDC module Auth.js has and more", () => {
    expect(entries.length).toBeGreaterThanOrEqual(93);
    for (const id of ["gitlab", "boxyhq-saml", "netlify", "workos", "hydra", "vipps", "bankid-no"]) {
      expect(Object.keys(factories)).toContain(id);
    }
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
