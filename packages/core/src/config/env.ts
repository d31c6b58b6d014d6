/**
 * Environment inference: reads `AUTH_*` (and legacy `NEXTAUTH_*`) variables into a configuration.
 * Runs once per configuration object, never per request.
 */
import { isLoopback } from "../http/origin";
import type { AuthConfig, Provider, ProviderConfig } from "../types";
import { withProviderOptions } from "./provider-options";

/** An environment: `process.env`, Deno's env as an object, a Worker's bindings... */
export type EnvObject = Record<string, string | undefined>;

/**
 * The process environment where there is one (Node, Bun, Deno's Node compatibility); else empty.
 * Each variable is read when asked for, and a read the runtime refuses (Deno without
 * `--allow-env` throws) answers `undefined`: an app that passes everything in its configuration
 * needs no access to the environment at all.
 */
export function processEnv(): EnvObject {
  let env: EnvObject | undefined;
  try {
    env = (globalThis as { process?: { env?: EnvObject } }).process?.env;
  } catch {
    return {};
  }
  if (!env) return {};
  const source = env;
  return new Proxy({} as EnvObject, {
    get(_target, name) {
      if (typeof name !== "string") return undefined;
      try {
        return source[name];
      } catch {
        return undefined;
      }
    },
  });
}

/**
 * Where {@link setEnvDefaults} leaves the environment it was given, for the engine to read
 * `AUTH_URL` and `NODE_ENV` from too. Module-private, so nothing from JSON or the environment can
 * set it; enumerable, so it survives the spreads integrations make of a configuration.
 */
const GIVEN_ENV = Symbol("portcullis.givenEnvironment");

/**
 * The environment as kept on a configuration. An app that logs its configuration
 * (`console.log(config)`) must not print every variable (a `DATABASE_URL` with its password): a
 * wrapper that shows itself as a label.
 */
class GivenEnvironment {
  constructor(readonly variables: EnvObject) {}
  [Symbol.for("nodejs.util.inspect.custom")](): string {
    return "[the environment given to setEnvDefaults]";
  }
  toJSON(): undefined {
    return undefined;
  }
}

/**
 * The environment a configuration is read with: the one given to {@link setEnvDefaults} (a
 * Worker's bindings, SvelteKit's `$env`), then the process environment for what that one lacks.
 *
 * @param config The configuration as the app passed it.
 * @returns The environment.
 * @example
 * ```ts
 * configEnv(setEnvDefaults({ AUTH_URL: "https://app.example/auth" }, config)).AUTH_URL // "https://app.example/auth"
 * ```
 */
export function configEnv(config: AuthConfig): EnvObject {
  const kept = (config as { [GIVEN_ENV]?: unknown })[GIVEN_ENV];
  const process = processEnv();
  if (!(kept instanceof GivenEnvironment)) return process;
  const given = kept.variables;
  return new Proxy({} as EnvObject, {
    get: (_target, name) => (typeof name === "string" ? (given[name] ?? process[name]) : undefined),
  });
}

/**
 * Whether an environment is production: `NODE_ENV` says so. Without `NODE_ENV`, production is a
 * runtime with no process environment at all (Cloudflare Workers without Node compatibility),
 * `AUTH_TRUST_HOST=true` (a proxy of the deployer's in front), or an `AUTH_URL` naming a host
 * other than a loopback one (a Worker with Node compatibility, Deno,
 * Bun, a server started without `NODE_ENV`): nothing there marks a development server, and a
 * deployed app must not get development's leniency (a random secret per process or isolate,
 * short secrets, loopback hosts).
 *
 * @param env The environment (see {@link configEnv}).
 * @returns True in production.
 * @example
 * ```ts
 * isProduction({ NODE_ENV: "production" }) // true
 * ```
 */
export function isProduction(env: EnvObject): boolean {
  const mode = env.NODE_ENV;
  if (mode !== undefined) return mode === "production";
  if (!hasProcessEnv()) return true;
  if (envFlag(env.AUTH_TRUST_HOST) === true) return true;
  const url = envUrl(env);
  if (url === undefined) return false;
  const hostname = safeUrl(url)?.hostname;
  return hostname === undefined || !isLoopback(hostname);
}

function hasProcessEnv(): boolean {
  try {
    return typeof (globalThis as { process?: { env?: unknown } }).process?.env === "object";
  } catch {
    return false;
  }
}

/** Reads a boolean variable: `true`/`1`/`yes` is true, `false`/`0`/`no` is false, anything else undefined. */
export function envFlag(value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  const v = value.trim().toLowerCase();
  if (v === "true" || v === "1" || v === "yes") return true;
  if (v === "false" || v === "0" || v === "no" || v === "") return false;
  return undefined;
}

/**
 * The secrets from the environment, newest first: `AUTH_SECRET_3`, `_2`, `_1`, then `AUTH_SECRET`
 * (or the legacy `NEXTAUTH_SECRET`). Undefined when none is set.
 */
export function envSecrets(env: EnvObject): string[] | undefined {
  const secrets = [
    env.AUTH_SECRET_3,
    env.AUTH_SECRET_2,
    env.AUTH_SECRET_1,
    env.AUTH_SECRET || env.NEXTAUTH_SECRET, // an empty AUTH_SECRET counts as unset
  ];
  const set = secrets.filter((s): s is string => !!s);
  return set.length > 0 ? set : undefined;
}

/** `AUTH_URL`, or the legacy `NEXTAUTH_URL`. */
export function envUrl(env: EnvObject): string | undefined {
  return env.AUTH_URL || env.NEXTAUTH_URL || undefined;
}

/** The uppercase snake-case form of a provider id, as used in `AUTH_{PROVIDER}_ID`. */
export function envProviderKey(id: string): string {
  return id.toUpperCase().replace(/-/g, "_");
}

/**
 * A provider with unset options filled from `AUTH_{PROVIDER}_ID`, `_SECRET` and `_ISSUER` (OAuth
 * and OIDC) or `_KEY` (email vendors' `apiKey`), after its `options`, when it has them, are laid
 * over it as Auth.js lays them (see provider-options.ts). A bare factory is called first; called again
 * with the values when the environment has some, because some factories build endpoints from
 * them (an issuer-based URL, a client id in the authorization params).
 *
 * @param provider A provider, or a bare provider factory.
 * @param env The environment to read.
 * @returns The provider's configuration.
 * @example
 * ```ts
 * providerWithEnv(GitHub, { AUTH_GITHUB_ID: "id", AUTH_GITHUB_SECRET: "secret" }).clientId // "id"
 * ```
 */
export function providerWithEnv(provider: Provider, env: EnvObject): ProviderConfig {
  // A bare factory is given an empty object, as Auth.js gives it: a custom provider function may
  // destructure its parameter.
  const factory = provider as unknown as (options: Record<string, unknown>) => ProviderConfig;
  const given = typeof provider === "function" ? factory({}) : provider;
  const config = withProviderOptions(given);
  // The variables are named after the provider's own id, as Auth.js names them, not an id its
  // options give (`Corp({ id: "corp-eu" })` still reads AUTH_CORP_ID).
  const filled = withProviderEnv(config, env, given.id);
  if (typeof provider !== "function" || filled === config) return filled;
  const read = filled as unknown as Record<string, unknown>;
  const values = Object.fromEntries(ENV_OPTIONS.map((key) => [key, read[key]]).filter(([, v]) => v));
  return withProviderOptions(factory(values));
}

const ENV_OPTIONS = ["clientId", "clientSecret", "issuer", "apiKey"] as const;

function withProviderEnv(provider: ProviderConfig, env: EnvObject, id: string): ProviderConfig {
  const key = `AUTH_${envProviderKey(id)}`;
  const set: Record<string, string | undefined> = {};
  if (provider.type === "oauth" || provider.type === "oidc") {
    set.clientId = provider.clientId ?? env[`${key}_ID`];
    set.clientSecret = provider.clientSecret ?? env[`${key}_SECRET`];
    set.issuer = provider.issuer ?? env[`${key}_ISSUER`];
  } else if (provider.type === "email") {
    set.apiKey = (provider as { apiKey?: string }).apiKey ?? env[`${key}_KEY`];
  }
  const changed = Object.entries(set).some(
    ([name, value]) => value !== (provider as Record<string, unknown>)[name],
  );
  return changed ? ({ ...provider, ...set } as ProviderConfig) : provider;
}

/**
 * Fills unset options of a configuration from an environment, the way Auth.js does:
 * `secret` from `AUTH_SECRET[_1.._3]` (an array, as Auth.js leaves it), `basePath` from the path
 * of `AUTH_URL`, else `/auth`, `trustHost` from
 * {@link declaredTrust} (left unset when the environment declares nothing), `redirectProxyUrl`
 * from `AUTH_REDIRECT_PROXY_URL`, and each provider's settings from `AUTH_{PROVIDER}_ID`,
 * `_SECRET`, `_ISSUER` and `_KEY` (see {@link providerWithEnv}); bare provider factories are
 * called. Mutates and returns `config`.
 *
 * @param envObject The environment to read, e.g. `process.env`.
 * @param config The configuration to fill.
 * @example
 * ```ts
 * import { setEnvDefaults } from "@portcullis/core"
 * setEnvDefaults(process.env, config)
 * ```
 */
export function setEnvDefaults(envObject: EnvObject, config: AuthConfig): AuthConfig {
  fillFromEnv(envObject, config);
  // AUTH_URL pins the public origin and NODE_ENV decides production: the engine reads both when
  // it normalises the configuration, from this environment first (a Worker has no other).
  Object.defineProperty(config, GIVEN_ENV, {
    value: new GivenEnvironment(envObject),
    enumerable: true,
    configurable: true,
  });
  // Integrations written for Auth.js read the path back to mount their routes.
  config.basePath ??= "/auth";
  return config;
}

/**
 * {@link setEnvDefaults} without the default `basePath`, for the engine, which must tell a path
 * the app chose from none (an integration's mount path then decides).
 *
 * @param envObject The environment to read.
 * @param config The configuration to fill; mutated.
 * @returns `config`.
 * @example
 * ```ts
 * const filled = fillFromEnv(process.env, { ...config })
 * ```
 */
export function fillFromEnv(envObject: EnvObject, config: AuthConfig): AuthConfig {
  const url = envUrl(envObject);
  if (config.secret === undefined) {
    const secrets = envSecrets(envObject);
    if (secrets) config.secret = secrets;
  }
  if (config.basePath === undefined && url) {
    const path = safeUrl(url)?.pathname.replace(/\/+$/, "");
    if (path && path !== "") config.basePath = path;
  }
  config.trustHost ??= declaredTrust(envObject);
  config.redirectProxyUrl ??= envObject.AUTH_REDIRECT_PROXY_URL;
  if (config.providers) config.providers = config.providers.map((p) => providerWithEnv(p, envObject));
  return config;
}

/**
 * Whether the environment declares the request's host headers trustworthy: `AUTH_TRUST_HOST`
 * (where `false` means false), else `true` when `AUTH_URL` is set or on a platform whose edge
 * sets Host and X-Forwarded-* itself (Vercel, Cloudflare Pages). `undefined` when nothing is
 * declared. Unlike Auth.js, a non-production `NODE_ENV` declares nothing: custom servers often
 * run without it, and a forwarded header an attacker sends would then pick the links Portcullis
 * mails and the URLs it redirects to.
 *
 * @param env The environment.
 * @returns `true`, `false`, or `undefined` when nothing is declared.
 * @example
 * ```ts
 * declaredTrust({ AUTH_TRUST_HOST: "true" }) // true
 * ```
 */
export function declaredTrust(env: EnvObject): boolean | undefined {
  return envFlag(env.AUTH_TRUST_HOST) ?? (envUrl(env) || env.VERCEL || env.CF_PAGES ? true : undefined);
}

function safeUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
