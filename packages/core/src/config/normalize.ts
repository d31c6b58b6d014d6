/**
 * Turns an AuthConfig into the InternalConfig the actions use. Runs once per configuration object
 * (cached in a WeakMap): defaults, environment inference, providers, cookies, callbacks, logger.
 * Problems found here are kept as `error` and answered on each request, so a misconfigured app
 * fails with a message saying what to set instead of crashing at import time.
 */

import {
  type AccessTokenSettings,
  accessTokenSettings,
  DEFAULT_ACCESS_TOKEN_SETTINGS,
} from "../access-token/options";
import { adapterWithDeadline } from "../adapter/deadline";
import { type Adapter, isDate } from "../adapters";
import { type AuthError, InvalidConfiguration, MissingSecret } from "../errors";
import { type HostTrust, hostTrust } from "../http/origin";
import { decode, encode } from "../jwt";
import { languageUnavailable } from "../pages/language";
import { adapterSessionStore, STORE_METHODS } from "../session/store";
import { watchedStore } from "../session/watched-store";
import type {
  AuthConfig,
  CallbacksOptions,
  CookiesOptions,
  EventCallbacks,
  JWTOptions,
  LinkingOptions,
  LoggerInstance,
  PagesOptions,
  ProviderConfig,
  SessionOptions,
  SessionStore,
  Theme,
  WarningCode,
} from "../types";
import { skipCSRFCheck } from "../types";
import { resolveCookies } from "./cookies";
import { configEnv, envFlag, envUrl, fillFromEnv, isProduction } from "./env";
import { createLogger } from "./logger";
import { DEFAULT_TIMEOUTS, resolveTimeouts, type Timeouts } from "./timeouts";
import { checkClientIds, validateConfig } from "./validate";
import { warnOnce } from "./warn-once";

/** The configuration after normalisation. Built once per AuthConfig object. */
export interface InternalConfig {
  /** `basePath`, else the path of `AUTH_URL`, else `/auth`. */
  basePath: string;
  /**
   * Whether the configuration or `AUTH_URL` named the path: then it wins over the path an
   * integration mounts the routes at; otherwise the mount path is used.
   */
  basePathFixed: boolean;
  /** `AUTH_URL` when set: the public origin and path the app is served at. */
  url?: URL;
  /** Non-empty; the first encodes. */
  secrets: string[];
  /**
   * The secrets joined with `,`, as Auth.js writes an array into a string: the CSRF cookie hash
   * and stored magic-link tokens use it.
   */
  joinedSecret: string;
  providers: ProviderConfig[];
  providerById: Map<string, ProviderConfig>;
  adapter?: Adapter;
  session: SessionOptions;
  jwt: JWTOptions;
  callbacks: CallbacksOptions;
  events: Partial<EventCallbacks>;
  pages: Partial<PagesOptions>;
  theme: Theme;
  logger: LoggerInstance;
  /** Sends a configuration warning once per process and place (see warn-once.ts), from any request. */
  warn: (code: WarningCode) => void;
  cookies: { plain: CookiesOptions; secure: CookiesOptions };
  useSecureCookies?: boolean;
  /** Which headers may name the public origin when `url` is unset (see http/origin.ts). */
  hostTrust: HostTrust;
  /**
   * The deployer declared a proxy (`trustHost: true` or `AUTH_TRUST_HOST=true`), as opposed to
   * trust inferred from `AUTH_URL`: only then may X-Forwarded-For name the client.
   */
  trustedProxy: boolean;
  skipCSRFCheck: boolean;
  redirectProxyUrl?: string;
  experimental: { enableWebAuthn: boolean };
  linking: LinkingOptions;
  now: () => number;
  /** Time-outs in ms for adapter calls, provider requests and email sends (defaults filled in). */
  timeouts: Timeouts;
  /**
   * Where sessions can be listed and revoked: the configured `session.store` (for either
   * strategy); else the adapter's session table for database sessions (when it has the methods);
   * else undefined, and the session-control routes answer 404.
   */
  sessionStore?: SessionStore;
  /** How `getAccessToken` refreshes upstream tokens (defaults filled in). */
  accessTokens: AccessTokenSettings;
  /** A configuration problem, answered on every request until fixed. */
  error?: AuthError;
}

const DAY = 24 * 60 * 60;

/** `linking.maxSessionAge`: default 600 s; anything but a positive number disables linking by session. */
function linkingMaxSessionAge(value: unknown): number {
  if (value === undefined) return 600;
  return typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0;
}

/** Default callbacks: allow sign-in, same-origin redirects, expose name/email/image. */
export const defaultCallbacks: CallbacksOptions = {
  signIn: () => true,
  redirect: ({ url, baseUrl }) => {
    // The usual case (no callbackUrl anywhere) needs no parsing.
    if (url === baseUrl) return url;
    if (url.startsWith("/")) return `${baseUrl}${url}`;
    try {
      if (new URL(url).origin === baseUrl) return url;
    } catch {
      // Not a URL at all: fall through to the base URL.
    }
    return baseUrl;
  },
  session: ({ session }) => ({
    user: { name: session.user?.name, email: session.user?.email, image: session.user?.image },
    // A database session's expires is the stored Date; clients get ISO text either way.
    expires: isDate(session.expires) ? session.expires.toISOString() : session.expires,
  }),
  jwt: ({ token }) => token,
};

/** Shortest secret production accepts: 32 characters, as the AUTH_SECRET guidance has always said. */
const MIN_SECRET_LENGTH = 32;

/**
 * The refusal of a short secret in production. Sessions, CSRF tokens and magic links are all keyed
 * on it, and a short one can be guessed offline from any cookie. Never names the secret itself.
 */
function shortSecret(): InvalidConfiguration {
  return new InvalidConfiguration(
    `A secret (AUTH_SECRET, AUTH_SECRET_1.._3 or \`secret\`) is shorter than ${MIN_SECRET_LENGTH} characters, which production refuses. Make a new one with \`openssl rand -base64 33\` and set it as AUTH_SECRET; cookies made with the short one stop working, so everyone signs in again.`,
  );
}

// One random secret per process for development without AUTH_SECRET (never in production).
let devSecret: string | undefined;
function developmentSecret(): string {
  devSecret ??= Array.from(crypto.getRandomValues(new Uint8Array(32)), (b) =>
    b.toString(16).padStart(2, "0"),
  ).join("");
  return devSecret;
}

const cache = new WeakMap<AuthConfig, InternalConfig>();

/** The InternalConfig of a configuration object, built on first use and cached. */
export function internalConfig(config: AuthConfig): InternalConfig {
  let internal = cache.get(config);
  if (!internal) {
    internal = normalize(config);
    cache.set(config, internal);
  }
  return internal;
}

function normalize(userConfig: AuthConfig): InternalConfig {
  const env = configEnv(userConfig);
  const config = fillFromEnv(env, { ...userConfig });
  const logger = createLogger(config.logger, !!config.debug);
  const adapter = typeof config.adapter === "function" ? config.adapter() : config.adapter;
  const providers = (config.providers ?? []) as ProviderConfig[];
  const maxAge = config.session?.maxAge ?? 30 * DAY;
  const rawUrl = envUrl(env);
  const secrets = config.secret === undefined ? [] : [config.secret].flat().filter(Boolean);
  const production = isProduction(env);
  const warn = (code: WarningCode) => warnOnce(logger, config.logger?.warn, code);
  let error: AuthError | undefined;
  if (secrets.length === 0) {
    if (production) {
      error = new MissingSecret(
        "No secret is configured. Set AUTH_SECRET to a random string of at least 32 characters (e.g. `openssl rand -base64 33`) or pass `secret` in the configuration.",
      );
    } else {
      warn("missing-secret-dev");
      secrets.push(developmentSecret());
    }
  } else if (secrets.some((secret) => String(secret).length < MIN_SECRET_LENGTH)) {
    if (production) error = shortSecret();
    else warn("short-secret-dev");
  }
  if (config.debug && !config.logger?.debug) warn("debug-enabled");
  if (config.skipCSRFCheck === skipCSRFCheck) warn("csrf-disabled");
  if (config.experimental?.enableWebAuthn) warn("experimental-webauthn");
  const timeouts = resolveTimeouts(config.timeouts);
  if (timeouts instanceof InvalidConfiguration) error ??= timeouts;
  const deadlines = timeouts instanceof InvalidConfiguration ? DEFAULT_TIMEOUTS : timeouts;
  const accessTokens = accessTokenSettings(config.accessTokens);
  if (accessTokens instanceof InvalidConfiguration) error ??= accessTokens;

  const internal: InternalConfig = {
    basePath: normalizeBasePath(config.basePath ?? "/auth"),
    basePathFixed: config.basePath !== undefined,
    url: rawUrl ? safeUrl(rawUrl) : undefined,
    secrets,
    joinedSecret: secrets.join(","),
    providers,
    providerById: new Map(providers.map((p) => [p.id, p])),
    adapter: adapter && adapterWithDeadline(adapter, deadlines.adapter),
    session: {
      strategy: config.session?.strategy ?? (adapter ? "database" : "jwt"),
      maxAge,
      updateAge: config.session?.updateAge ?? DAY,
      generateSessionToken: config.session?.generateSessionToken ?? (() => crypto.randomUUID()),
      absoluteMaxAge: config.session?.absoluteMaxAge,
      store: watched(config.session?.store, logger, deadlines.adapter),
      revalidateAfter: config.session?.revalidateAfter ?? 60,
      storeUnavailable: config.session?.storeUnavailable === "trust-token" ? "trust-token" : "refuse",
    },
    jwt: { maxAge, encode, decode, ...config.jwt } as JWTOptions,
    callbacks: { ...defaultCallbacks, ...config.callbacks },
    events: config.events ?? {},
    pages: config.pages ?? {},
    theme: { colorScheme: "auto", ...config.theme },
    logger,
    warn,
    cookies: { plain: resolveCookies(false, config.cookies), secure: resolveCookies(true, config.cookies) },
    useSecureCookies: config.useSecureCookies,
    hostTrust: hostTrust(config.trustHost, production),
    trustedProxy:
      userConfig.trustHost === true ||
      (userConfig.trustHost === undefined && envFlag(env.AUTH_TRUST_HOST) === true),
    skipCSRFCheck: config.skipCSRFCheck === skipCSRFCheck,
    redirectProxyUrl: config.redirectProxyUrl,
    experimental: { enableWebAuthn: !!config.experimental?.enableWebAuthn },
    linking: { maxSessionAge: linkingMaxSessionAge(config.linking?.maxSessionAge) },
    now: config.now ?? Date.now,
    timeouts: deadlines,
    accessTokens: accessTokens instanceof InvalidConfiguration ? DEFAULT_ACCESS_TOKEN_SETTINGS : accessTokens,
  };
  internal.error = error ?? validateConfig(internal, rawUrl);
  // Logged, not answered: one provider's missing variable must not sign everyone out.
  const clientIds = checkClientIds(internal, production, warn);
  if (clientIds) logger.error(clientIds);
  if (languageUnavailable(internal.theme)) warn("theme-language-unavailable");
  internal.sessionStore = sessionStoreOf(internal);
  return internal;
}

/** The store sessions are listed and revoked in, if the configuration has one (see InternalConfig). */
function sessionStoreOf({ session, adapter }: InternalConfig): SessionStore | undefined {
  const hasMethods = (a: Adapter | undefined): a is Adapter =>
    a !== undefined && STORE_METHODS.every((m) => typeof a[m] === "function");
  // A configured store serves either strategy; without one, database sessions list from their table.
  if (typeof session.store === "object") return session.store;
  if (session.strategy === "database" || session.store === "adapter")
    return hasMethods(adapter) ? adapterSessionStore(adapter) : undefined;
  return undefined;
}

/** The configured store behind a deadline and the log-once outage watch; "adapter" and none as they are. */
function watched(
  store: SessionStore | "adapter" | undefined,
  logger: LoggerInstance,
  deadlineMs: number,
): SessionStore | "adapter" | undefined {
  return typeof store === "object" && store !== null ? watchedStore(store, logger, deadlineMs) : store;
}

/** `/auth` from `auth/`, `/auth` or `/auth/`; the root (`/`) as the empty string. */
export function normalizeBasePath(path: string): string {
  const trimmed = `/${path.replace(/^\/+|\/+$/g, "")}`;
  return trimmed === "/" ? "" : trimmed;
}

function safeUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}
