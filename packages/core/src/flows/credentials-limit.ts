/**
 * The limit on credentials guessing (a Portcullis extra): each attempt takes one event from the
 * allowance of the identifier it names and, when a trusted source names one, of the client's
 * address; a successful attempt gives its events back, so only failures count. Taking before
 * `authorize` runs (rather than counting after it fails) keeps the limit atomic: a burst of
 * parallel guesses cannot all pass a check before the first failure is written.
 *
 * @module
 */
import type { InternalConfig } from "../config/normalize";
import type { ActionContext, AuthRequest } from "../context";
import { CredentialsSignin, InvalidConfiguration } from "../errors";
import { CLIENT_ADDRESS_LIMIT, clientAddress } from "../rate-limit/client-address";
import { isLimit, isStore, limitKey, refundAllowance, takeOrRefuse } from "../rate-limit/limit";
import { defaultStore } from "../rate-limit/memory-store";
import type { CredentialsConfig, CredentialsRateLimit, RateLimitStore, RateLimitWindow } from "../types";
import { foldedIdentifier } from "./credentials-fold";

/** The default: 5 failures per identifier per 15 minutes. */
const IDENTIFIER_LIMIT: RateLimitWindow = { max: 5, windowSeconds: 900 };
/** The options of a provider, checked and with defaults applied. */
interface Options {
  identifier?: RateLimitWindow;
  address?: RateLimitWindow;
  fields: string[];
  clientAddress?: CredentialsRateLimit["clientAddress"];
  store: RateLimitStore;
}

/** The events one attempt took, to give back if it succeeds. */
export interface CredentialsAttempt {
  store: RateLimitStore;
  keys: string[];
  now: number;
}

/** A refused attempt: a CredentialsSignin with its own code, so the sign-in page can say so. */
function rateLimited(what: string, limit: RateLimitWindow): CredentialsSignin {
  const error = new CredentialsSignin(
    `Too many failed sign-ins for this ${what} in ${limit.windowSeconds} s; authorize was not called.`,
  );
  error.code = "rate_limited";
  return error;
}

function invalid(provider: CredentialsConfig, detail: string): InvalidConfiguration {
  return new InvalidConfiguration(`rateLimit of the credentials provider "${provider.id}" ${detail}`);
}

function windowOf(
  provider: CredentialsConfig,
  value: RateLimitWindow | false | undefined,
  fallback: RateLimitWindow,
  name: string,
): RateLimitWindow | undefined {
  if (value === false) return undefined;
  if (value === undefined) return fallback;
  if (!isLimit(value))
    throw invalid(
      provider,
      `needs \`${name}\` to be false or a positive integer \`max\` and a positive \`windowSeconds\`.`,
    );
  return value;
}

/** Providers already warned about a counted field that is not declared or not sent. */
const warnedOfMissingField = new WeakSet<CredentialsConfig>();

/**
 * Says once per provider that a field of `rateLimit.fields` is not declared or not sent. Such
 * attempts still count, all under the one "unusable" value: skipping them instead would let
 * anyone leave the field out to escape the per-account limit, and when `fields` names a field
 * the form never sends (a typo), the app's own field would go uncounted. The price is that a
 * mistaken `fields` shares one count among every user, which this warning names.
 */
function warnOfMissingField(provider: CredentialsConfig, config: InternalConfig): void {
  if (warnedOfMissingField.has(provider)) return;
  warnedOfMissingField.add(provider);
  config.logger.warn("credentials-rate-limit-field-missing");
}

// A provider's limits depend on its configuration only: read and checked once per provider object.
const checked = new WeakMap<CredentialsConfig, Options | undefined | InvalidConfiguration>();

/** @throws {InvalidConfiguration} When the options hold unusable values. */
function optionsOf(provider: CredentialsConfig, config: InternalConfig): Options | undefined {
  let options = checked.get(provider);
  if (options === undefined && !checked.has(provider)) {
    try {
      options = readOptions(provider, config);
    } catch (error) {
      if (!(error instanceof InvalidConfiguration)) throw error;
      options = error;
    }
    checked.set(provider, options);
  }
  if (options instanceof InvalidConfiguration) throw options;
  return options;
}

function readOptions(provider: CredentialsConfig, config: InternalConfig): Options | undefined {
  const given = provider.rateLimit;
  if (given === false) return undefined;
  if (given !== undefined && (typeof given !== "object" || given === null))
    throw invalid(provider, "must be an object or false.");
  const limit = given ?? {};
  const fields = limit.fields ?? Object.keys(provider.credentials ?? {}).slice(0, 1);
  if (!Array.isArray(fields) || !fields.every((field) => typeof field === "string" && field))
    throw invalid(provider, "needs `fields` to be a list of body field names.");
  if (limit.clientAddress !== undefined && typeof limit.clientAddress !== "function")
    throw invalid(provider, "needs `clientAddress` to be a function.");
  if (limit.store !== undefined && !isStore(limit.store))
    throw invalid(provider, "needs `store` to have a `take` method (and `refund`, if any, a function).");
  let identifier = windowOf(provider, limit.identifier, IDENTIFIER_LIMIT, "identifier");
  if (identifier && fields.length === 0) {
    // Guessing which field names the account would let a client pick a field the app ignores
    // and get a fresh count each time; so no per-identifier limit, said loudly, once.
    config.logger.warn("credentials-rate-limit-no-field");
    identifier = undefined;
  }
  const declared = Object.keys(provider.credentials ?? {});
  if (identifier && declared.length > 0 && !fields.every((field) => declared.includes(field)))
    warnOfMissingField(provider, config);
  return {
    identifier,
    address: windowOf(provider, limit.address, CLIENT_ADDRESS_LIMIT, "address"),
    fields,
    clientAddress: limit.clientAddress,
    store: limit.store ?? defaultStore,
  };
}

/**
 * A field's value as counted: folded at least as far as the app's user lookup may fold it, so
 * that every spelling that finds one account shares its count (see {@link foldedIdentifier}):
 * `Alice`, ` alice `, `ａｌｉｃｅ`, `alicé`, `ali\u200Bce`, `ali\u0640ce` and `\u{1F150}lice`
 * share a count.
 * Folding more than a lookup does only makes distinct names share a count, the strict side. A missing or structured value (an array or object in a
 * JSON body) is counted under one shared "unusable" value rather than skipped, so no shape of
 * input escapes the limit.
 */
function fieldValue(value: unknown): string | null {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value !== "string") return null;
  return foldedIdentifier(value);
}

async function take(
  options: Options,
  config: InternalConfig,
  scope: string[],
  value: string,
  limit: RateLimitWindow,
  now: number,
): Promise<string | undefined> {
  const key = await limitKey(config.secrets[0] ?? "", scope, value);
  return (await takeOrRefuse(options.store, key, limit, now, config.logger)) ? key : undefined;
}

/**
 * Takes one attempt from the allowances of the submitted identifier and of the client's address
 * (when a trusted source names it), before `authorize` runs. Refused attempts record nothing.
 *
 * @param provider - The credentials provider, with its `rateLimit` options.
 * @param req - The sign-in request (its body names the identifier).
 * @param ctx - The action context (configuration and request time).
 * @returns What was taken, for {@link refundCredentialsAttempt}; undefined when no limit applies.
 * @throws {CredentialsSignin} With `code` `rate_limited` when a limit is used up.
 * @throws {InvalidConfiguration} When `rateLimit` holds unusable values.
 * @throws {RateLimitStoreUnavailable} When the store fails; whatever `clientAddress` throws. `authorize` is then not called.
 * @example
 * ```ts
 * const attempt = await takeCredentialsAttempt(provider, req, ctx)
 * ```
 */
export async function takeCredentialsAttempt(
  provider: CredentialsConfig,
  req: AuthRequest,
  ctx: ActionContext,
): Promise<CredentialsAttempt | undefined> {
  const options = optionsOf(provider, ctx.config);
  if (!options) return undefined;
  const attempt: CredentialsAttempt = { store: options.store, keys: [], now: ctx.now };
  const address = options.address && clientAddress(req.request, options, ctx.config);
  if (options.address && address !== undefined) {
    const key = await take(
      options,
      ctx.config,
      ["credentials", provider.id, "address"],
      address,
      options.address,
      ctx.now,
    );
    if (!key) throw rateLimited("client address", options.address);
    attempt.keys.push(key);
  }
  if (options.identifier) {
    const body = req.body ?? {};
    if (!options.fields.every((field) => Object.hasOwn(body, field)))
      warnOfMissingField(provider, ctx.config);
    const value = JSON.stringify(options.fields.map((field) => fieldValue(body[field])));
    const key = await take(
      options,
      ctx.config,
      ["credentials", provider.id, "identifier"],
      value,
      options.identifier,
      ctx.now,
    );
    if (!key) {
      // The refused attempt must not cost the address an event either.
      await refundCredentialsAttempt(attempt);
      throw rateLimited("identifier", options.identifier);
    }
    attempt.keys.push(key);
  }
  return attempt;
}

/**
 * Gives back what a successful attempt took, so that only failures count (a store without
 * `refund` keeps them).
 *
 * @param attempt - From {@link takeCredentialsAttempt}, or undefined when no limit applied.
 * @throws Whatever a custom store throws.
 * @example
 * ```ts
 * await refundCredentialsAttempt(attempt)
 * ```
 */
export async function refundCredentialsAttempt(attempt: CredentialsAttempt | undefined): Promise<void> {
  if (!attempt) return;
  for (const key of attempt.keys) await refundAllowance(attempt.store, key, attempt.now);
}
