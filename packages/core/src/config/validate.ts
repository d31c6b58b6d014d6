/**
 * Checks a normalised configuration once, at first use, and returns the first problem as an
 * error whose message says what to change. Catching these here means a flow never fails halfway
 * because, say, the adapter lacks the method it needs.
 */

import type { Adapter } from "../adapters";
import {
  type AuthError,
  DuplicateConditionalUI,
  ExperimentalFeatureNotEnabled,
  InvalidConfiguration,
  InvalidEndpoints,
  MissingAdapter,
  MissingAdapterMethods,
  MissingAuthorize,
  MissingWebAuthnAutocomplete,
} from "../errors";
import { carriedFlow, needsCarriedFlow } from "../flows/carried";
import type { Flow } from "../flows/types";
import { STORE_METHODS } from "../session/store";
import type { WarningCode } from "../types";
import { envProviderKey } from "./env";
import type { InternalConfig } from "./normalize";

const USER_METHODS = [
  "createUser",
  "getUser",
  "getUserByEmail",
  "getUserByAccount",
  "updateUser",
  "linkAccount",
];
const SESSION_METHODS = ["createSession", "getSessionAndUser", "updateSession", "deleteSession"];
/** What email sign-in calls: a new address makes a user (its `email` account is linked when the adapter can). */
const EMAIL_METHODS = ["createVerificationToken", "useVerificationToken", "getUserByEmail", "createUser"];
const WEBAUTHN_METHODS = [
  "getAccount",
  "getAuthenticator",
  "createAuthenticator",
  "listAuthenticatorsByUserId",
  "updateAuthenticatorCounter",
  // Each ceremony's challenge is spent through a verification token, so it works once only.
  "createVerificationToken",
  "useVerificationToken",
];

/** The first problem of the configuration, or undefined when it can work. */
export function validateConfig(config: InternalConfig, rawUrl: string | undefined): AuthError | undefined {
  if (rawUrl !== undefined && !config.url) {
    return new InvalidConfiguration(
      `AUTH_URL is not a valid URL. Set it to the app's public URL, e.g. https://example.com${config.basePath}.`,
    );
  }
  if (!Number.isFinite(config.session.maxAge) || config.session.maxAge <= 0) {
    return new InvalidConfiguration("session.maxAge must be a positive number of seconds.");
  }
  const { absoluteMaxAge, revalidateAfter } = config.session;
  if (absoluteMaxAge !== undefined && !(Number.isFinite(absoluteMaxAge) && absoluteMaxAge > 0)) {
    return new InvalidConfiguration("session.absoluteMaxAge must be a positive number of seconds, or unset.");
  }
  if (!(Number.isFinite(revalidateAfter) && revalidateAfter >= 0)) {
    return new InvalidConfiguration("session.revalidateAfter must be a number of seconds, 0 or more.");
  }
  return validateProviders(config) ?? validateConditionalUI(config) ?? validateAdapter(config);
}

function validateProviders(config: InternalConfig): AuthError | undefined {
  const seen = new Set<string>();
  for (const provider of config.providers) {
    if (!provider || typeof provider.id !== "string" || !/^[a-z0-9][a-z0-9._-]*$/i.test(provider.id)) {
      return new InvalidConfiguration(
        "Every provider needs an `id` of letters, digits, '-', '_' or '.' (it becomes part of URLs).",
      );
    }
    if (seen.has(provider.id)) {
      return new InvalidConfiguration(
        `Two providers share the id "${provider.id}". Give one of them another \`id\`: ids are used in URLs and must be unique.`,
      );
    }
    seen.add(provider.id);
    if (provider.type === "credentials" && typeof provider.authorize !== "function") {
      return new MissingAuthorize(
        `The credentials provider "${provider.id}" needs an \`authorize(credentials, request)\` function.`,
      );
    }
    if (provider.type === "email") {
      if (!config.adapter) {
        return new MissingAdapter(
          `The email provider "${provider.id}" stores verification tokens: configure an \`adapter\`.`,
        );
      }
      if (typeof provider.sendVerificationRequest !== "function") {
        return new InvalidConfiguration(
          `The email provider "${provider.id}" needs a \`sendVerificationRequest\` function.`,
        );
      }
    }
    if (provider.type === "webauthn" && !config.experimental.enableWebAuthn) {
      return new ExperimentalFeatureNotEnabled(
        `The WebAuthn provider "${provider.id}" is experimental: set \`experimental: { enableWebAuthn: true }\`.`,
      );
    }
    if (provider.type === "webauthn" && !config.adapter) {
      return new MissingAdapter(
        `The WebAuthn provider "${provider.id}" stores passkeys: configure an \`adapter\`.`,
      );
    }
    const flow = carriedFlow(provider);
    if (needsCarriedFlow(provider) && !flow) return withoutFlow(provider);
    const problem = flowProblem(provider, flow);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * What to do about a provider that needs a sign-in method it does not carry: written by hand as
 * a plain object, it is wrapped in the function that brings the method; an unknown type is named.
 */
function withoutFlow(provider: InternalConfig["providers"][number]): InvalidConfiguration {
  const made = (maker: string, module: string) =>
    new InvalidConfiguration(
      `The provider "${provider.id}" carries no sign-in method (it was written as a plain object, made by another library, or copied through JSON): build it with ${maker} from "@portcullis/core/providers/${module}", which brings the method with it (\`npx @portcullis/migrate\` does this for the providers written in an Auth.js app's source).`,
    );
  if ((provider as { version?: unknown }).version === "1.0A") {
    return made('`Twitter({ version: "1.0A" })`, the only OAuth 1.0a provider,', "twitter");
  }
  if (provider.type === "oauth" || provider.type === "oidc") return made("`OAuth({ ... })`", "oauth");
  if (provider.type === "email") return made("`Email({ ... })`", "email");
  if (provider.type === "webauthn") return made("`Passkey()` (or `WebAuthn()` from .../webauthn)", "passkey");
  return new InvalidConfiguration(
    `The provider "${provider.id}" has the type ${JSON.stringify(provider.type)}: a provider is "oauth", "oidc", "email", "credentials" or "webauthn".`,
  );
}

/**
 * What in a provider can never work, found by its flow's own check at start-up as Auth.js finds
 * it, rather than on a visitor's first click: an email provider's bad `code` option, an OAuth
 * provider with nothing to discover and no authorization or token URL, an OIDC provider without
 * an issuer, a URL that is not https. A missing client id is not such a problem: it is reported
 * on its own (see `checkClientIds`).
 */
function flowProblem(
  provider: InternalConfig["providers"][number],
  flow: Flow | undefined,
): AuthError | undefined {
  try {
    flow?.check?.(provider);
  } catch (error) {
    // Anything else the check trips on is met again, and answered, by the request that needs it.
    if (error instanceof InvalidConfiguration || error instanceof InvalidEndpoints) return error;
  }
  return undefined;
}

/**
 * Conditional UI (passkeys offered in the browser's autofill) as Auth.js checks it: on one
 * WebAuthn provider at most, since a page can run one conditional request, and only with a form
 * field whose `autocomplete` contains `webauthn`, the field the browser attaches the offer to.
 */
function validateConditionalUI(config: InternalConfig): AuthError | undefined {
  let enabled: string | undefined;
  for (const provider of config.providers) {
    if (provider.type !== "webauthn" || !provider.enableConditionalUI) continue;
    if (enabled !== undefined) {
      return new DuplicateConditionalUI(
        `The WebAuthn providers "${enabled}" and "${provider.id}" both set \`enableConditionalUI\`: only one provider may.`,
      );
    }
    enabled = provider.id;
    const fields = Object.values(provider.formFields ?? {});
    if (!fields.some((field) => String(field.autocomplete ?? "").includes("webauthn"))) {
      return new MissingWebAuthnAutocomplete(
        `The WebAuthn provider "${provider.id}" sets \`enableConditionalUI\`: one of its \`formFields\` needs \`autocomplete\` containing "webauthn", e.g. "username webauthn".`,
      );
    }
  }
  return undefined;
}

function validateAdapter(config: InternalConfig): AuthError | undefined {
  const { adapter } = config;
  if (config.session.strategy === "database" && !adapter) {
    return new MissingAdapter(
      'session.strategy "database" keeps sessions in a database: configure an `adapter`.',
    );
  }
  if (config.session.store === "adapter" && !adapter) {
    return new MissingAdapter(
      'session.store "adapter" registers sessions in the adapter: configure an `adapter`.',
    );
  }
  if (!adapter) return undefined;
  const needed = new Set<string>();
  const types = new Set(config.providers.map((p) => p.type));
  if (types.has("oauth") || types.has("oidc")) for (const m of USER_METHODS) needed.add(m);
  // With a store the sessions live there; the adapter then only has to know the users.
  const storeHoldsSessions = typeof config.session.store === "object";
  if (config.session.strategy === "database" && storeHoldsSessions) needed.add("getUser");
  else if (config.session.strategy === "database") for (const m of SESSION_METHODS) needed.add(m);
  if (config.session.strategy === "jwt" && config.session.store === "adapter")
    for (const m of STORE_METHODS) needed.add(m);
  if (types.has("email")) for (const m of EMAIL_METHODS) needed.add(m);
  if (types.has("webauthn")) for (const m of [...USER_METHODS, ...WEBAUTHN_METHODS]) needed.add(m);
  if (types.has("credentials") && config.session.strategy === "database") needed.add("getUser");
  const missing = [...needed].filter((m) => typeof adapter[m as keyof Adapter] !== "function");
  if (missing.length === 0) return undefined;
  if (config.session.strategy === "database" && missing.some((m) => SESSION_METHODS.includes(m))) {
    return new MissingAdapterMethods(
      `Database sessions are kept by the adapter unless \`session.store\` names a session store, and the adapter lacks ${missing.join(", ")}. Implement them, use an adapter that does, or set \`session.store\` (e.g. redisSessionStore from @portcullis/redis).`,
    );
  }
  return new MissingAdapterMethods(
    `The adapter lacks ${missing.join(", ")}, needed by the configured ${config.session.strategy} sessions and providers. Implement them or use an adapter that does.`,
  );
}

/**
 * OAuth and OIDC providers without a client id (after `AUTH_{PROVIDER}_ID` was read): signing in
 * with one can never work. Production logs an error naming the variable to set, once, at the
 * first request, so a deploy shows it at once rather than on some visitor's first click; the
 * other providers, the sessions and every other route go on working (a whole-configuration error
 * would answer every route with 500 and read every signed-in user as signed out over one unused
 * provider's variable). Development only warns (`oauth-client-id-missing`): an app is often run
 * locally with the credentials of only some of its providers. Either way a click on that
 * provider then fails, naming the variable.
 *
 * @param config - The normalised configuration.
 * @param production - Whether NODE_ENV is production.
 * @param warn - Sends a configuration warning.
 * @returns The error to log in production, else undefined.
 * @example
 * ```ts
 * const error = checkClientIds(internal, process.env.NODE_ENV === "production", (code) => logger.warn(code))
 * if (error) logger.error(error)
 * ```
 */
export function checkClientIds(
  config: Pick<InternalConfig, "providers">,
  production: boolean,
  warn: (code: WarningCode) => void,
): AuthError | undefined {
  const missing = config.providers.filter(
    (provider) => (provider?.type === "oauth" || provider?.type === "oidc") && !provider.clientId,
  );
  if (missing.length === 0) return undefined;
  if (!production) {
    warn("oauth-client-id-missing");
    return undefined;
  }
  const settings = missing.map((p) => `AUTH_${envProviderKey(p.id)}_ID (provider "${p.id}")`).join(", ");
  return new InvalidConfiguration(
    `OAuth providers need a client id: set ${settings}, or pass \`clientId\`. The id comes from the app you registered with the provider.`,
  );
}
