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

/** The default: 5 failures per identifier per 15 minutes. */
const IDENTIFIER_LIMIT: RateLimitWindow = { max: 5, windowSeconds: 900 };
/**
 * Characters of a folded identifier that count: two long names sharing a prefix share a count,
 * which only errs on the strict side. The cut comes after folding, so padding that folds away
 * cannot push the name out of what counts; the request body's size limit bounds the work.
 */
const MAX_IDENTIFIER_LENGTH = 256;

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
 * Letters that lookups match to a plain letter but neither NFKD nor case folding turns into it:
 * the combining Latin small letters (`alic\u0364` is `alice` to MariaDB's `utf8mb4_unicode_ci`
 * and PostgreSQL's ICU collations), letters with a stroke or of old orthographies, which
 * accent-insensitive collations match to the plain letter, and ligatures they match to two.
 */
const AS_LETTERS: ReadonlyMap<string, string> = new Map(
  Object.entries({
    a: "\u0363\u1DD3\u1DF2\uA79A\uA79B\uA7C0\uA7C1",
    b: "\u1DE8\u0180",
    c: "\u0368\u1DD7",
    d: "\u0369\u1D9E\u1DD8\u1DD9\uA779\uA77A\u00F0\u0111",
    e: "\u0364",
    f: "\u1DEB\uA77B\uA77C",
    g: "\u1DDA\u01E5\u1ACC\u1D79\uA77D\uA7A0\uA7A1",
    h: "\u036A\u0127",
    i: "\u0365\u0268",
    k: "\u1DDC\uA7A2\uA7A3",
    l: "\u1DDD\u0142",
    m: "\u036B",
    n: "\u1DE0\uA7A4\uA7A5",
    o: "\u0366\u1DF3\u00F8\u1DED\uA79C\uA79D",
    p: "\u1DEE",
    r: "\u036C\u1DCA\u1ACD\u1DE3\uA75A\uA75B\uA782\uA783\uA7A6\uA7A7",
    s: "\u1DE4\u1DE5\uA784\uA785\uA7A8\uA7A9\uA7D8\uA7D9",
    t: "\u036D\u0167\u1ACE\uA786\uA787",
    u: "\u0367\u1DF4\u1DF0\uA79E\uA79F",
    v: "\u036E",
    w: "\u1DF1\u1ABF\uA7C2\uA7C3",
    x: "\u036F",
    z: "\u1DE6\u01B6",
    ae: "\u00E6",
    oe: "\u0153",
  }).flatMap(([letters, forms]) => [...forms].map((form) => [form, letters] as const)),
);
const AS_LETTER_PATTERN = new RegExp(`[${[...AS_LETTERS.keys()].join("")}]`, "gu");

/**
 * Numerals that are not decimal digits but that lookups match to one, as runs of [first code
 * point, its value, length]: Bengali currency numerators, Telugu fractions, Tibetan half digits,
 * Ethiopic digits, Khmer divination digits, New Tai Lue's one, circled and dingbat digits, the
 * Roman six late form, Hangzhou numerals, the ideographic zero.
 */
const NUMERAL_RUNS: ReadonlyArray<readonly [number, number, number]> = [
  [0x09f4, 1, 4],
  [0x0c78, 0, 4],
  [0x0c7c, 1, 3],
  [0x19da, 1, 1],
  [0x2185, 6, 1],
  [0x0f2a, 1, 9],
  [0x0f33, 0, 1],
  [0x1369, 1, 9],
  [0x17f0, 0, 10],
  [0x24f5, 1, 9],
  [0x24ff, 0, 1],
  [0x2776, 1, 9],
  [0x2780, 1, 9],
  [0x278a, 1, 9],
  [0x3007, 0, 1],
  [0x3021, 1, 9],
];
const hex = (code: number) => `\\u{${code.toString(16)}}`;

/** A digit of any script, or such a numeral: lookups match `\u0661` (Arabic-Indic one) to `1`. */
const DIGIT = new RegExp(
  `[\\p{Nd}${NUMERAL_RUNS.map(([start, , length]) => `${hex(start)}-${hex(start + length - 1)}`).join("")}]`,
  "gu",
);

/**
 * The ASCII digit of a digit or numeral: a listed numeral's from its run; a decimal digit's from
 * how far its run goes back, Unicode laying each script's digits out from zero to nine.
 */
function digitValue(digit: string): string {
  let code = digit.codePointAt(0) ?? 0;
  const numeral = NUMERAL_RUNS.find(([start, , length]) => code >= start && code < start + length);
  if (numeral) return String(numeral[1] + code - numeral[0]);
  let value = 0;
  while (value < 9 && /\p{Nd}/u.test(String.fromCodePoint(code - 1))) {
    code--;
    value++;
  }
  return String(value);
}

/**
 * What the count leaves out: all but letters and digits (whitespace, punctuation, symbols,
 * combining marks, format and control characters), modifier letters (`\u0640`, the Arabic
 * tatweel), invisible code points, and the few letters lookups give no weight (`\uFE73`). A
 * lookup ignores many of these (`ali\u0640\u0640ce` finds alice), so each would otherwise be a
 * fresh count, as often as it is repeated; leaving out the rest too only makes names that differ
 * in them share a count (`a.lice` with `alice`), the strict side.
 */
const NOT_COUNTED = /[^\p{L}\p{N}]|[\p{Lm}\p{Default_Ignorable_Code_Point}\u1CF2\u1CF3\uFE73]/gu;

/**
 * A field's value as counted: folded at least as far as the app's user lookup may fold it, so
 * that every spelling that finds one account shares its count (see {@link foldedIdentifier}):
 * `Alice`, ` alice `, `ａｌｉｃｅ`, `alicé`, `ali\u200Bce` and `ali\u0640ce` share a count.
 * Folding more than a lookup does only makes distinct names share a count, the strict side. A missing or structured value (an array or object in a
 * JSON body) is counted under one shared "unusable" value rather than skipped, so no shape of
 * input escapes the limit.
 */
function fieldValue(value: unknown): string | null {
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (typeof value !== "string") return null;
  return foldedIdentifier(value);
}

/**
 * An identifier as counted: case folded (`ß` as `ss`, `ı` as `i`), compatibility forms and the
 * letters and digits of {@link AS_LETTERS} and {@link digitValue} made plain, and what
 * {@link NOT_COUNTED} names left out. Exported for the test that screens it against real
 * databases' collations, character by character.
 *
 * @param text The submitted identifier.
 * @returns Its folded form.
 * @example
 * ```ts
 * foldedIdentifier(" Ali\u200Bcé ") // "alice"
 * ```
 */
export function foldedIdentifier(text: string): string {
  // Compatibility forms and accents come apart first (`ﬁ` to `fi`, `é` to `e` and a mark); marks
  // go before case folding, which would make some of them letters (U+0345 becomes `ι`). Upper
  // then lower case fold what lower case alone keeps apart (`ß`/`SS`, `ı`/`I`, `ς`/`σ`), and may
  // bring marks or letters to map again (`ǰ` to `J` and a caron, `Ł` to `ł`).
  const counted = (part: string) =>
    part
      .replace(AS_LETTER_PATTERN, (letter) => AS_LETTERS.get(letter) ?? letter)
      .replace(DIGIT, digitValue)
      .replace(NOT_COUNTED, "");
  const cased = counted(text.normalize("NFKD")).toUpperCase().toLowerCase().normalize("NFKD");
  // What is left out goes before the cut, so padding cannot push the name out of what counts.
  return counted(cased).slice(0, MAX_IDENTIFIER_LENGTH);
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
