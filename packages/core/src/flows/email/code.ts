/**
 * One-time sign-in codes of the email provider (a Portcullis extension, the `code` option): a
 * short code mailed instead of, or beside, the magic link, for PWAs, for signing in on another
 * device, and for mailboxes whose link scanners use up single-use links.
 *
 * How a code relates to its link: the code is derived from the link's 256-bit token, so the
 * server can find the code of a followed link, but not the link of a typed code. A code is stored
 * as its own verification-token row (an HMAC over the address and the code, so it is bound to
 * its address and a leaked table holds nothing that can be tried). Following the link consumes
 * its code's row too, and a link whose code row is gone is refused: so one sign-in request signs
 * in once, whichever of the two is used first.
 *
 * Guessing: a code is short, so wrong attempts are counted per address in the rate-limit store
 * (the provider's `rateLimit.store`, else this process's memory). Past `attempts` wrong codes
 * within the code lifetime every code of that address is refused, the right one included; the
 * count window is as long as a code lives, and the refusal (the burn) is kept in the adapter for
 * as long (see burned-codes.ts), so a code burned this way never works again, and a burned
 * address holds no key of the rate-limit store at its limit. Only the newest code of an address
 * signs in (see newest-code.ts), so a guess is tried against one code, however many were mailed.
 * Attempts are counted per client address too (when a trusted source names it, as for
 * credentials): otherwise one client could spend `attempts` guesses on every address it had a
 * code mailed to, and take over one account in every million guesses. A client past its
 * allowance is refused every code, the right one included, as a burned address is.
 *
 * @module
 */

import { callAdapter } from "../../adapter/call";
import type { VerificationToken } from "../../adapters";
import type { ActionContext, AuthRequest } from "../../context";
import { timingSafeEqual } from "../../crypto/primitives";
import { InvalidConfiguration } from "../../errors";
import { isStore, limitKey, refundAllowance, takeOrRefuse } from "../../rate-limit/limit";
import { defaultStore } from "../../rate-limit/memory-store";
import type {
  EmailCodeOptions,
  EmailConfig,
  LoggerInstance,
  RateLimitStore,
  RateLimitWindow,
} from "../../types";
import { clientCounter } from "./rate-limit";
import { tokenLifetime } from "./token";

/** The resolved `code` option of a provider. */
export interface CodeSettings {
  /** Digits per code, 6 to 8. */
  length: number;
  /** Wrong codes an address may try per code lifetime before its codes are burned. */
  attempts: number;
  /** Whether the mail also carries the magic link. */
  link: boolean;
}

const DEFAULT_LENGTH = 6;
const DEFAULT_ATTEMPTS = 5;
const MIN_LENGTH = 6;
const MAX_LENGTH = 8;

/** Labels that keep the derivation and the stored form apart from each other and from links. */
const DERIVE_LABEL = "portcullis/email-code/derive";
const STORE_LABEL = "portcullis/email-code/store";

/**
 * The code settings of a provider, or undefined when codes are off (the default, so apps written
 * for Auth.js keep link-only sign-in).
 *
 * @param provider - The email provider.
 * @returns The settings, defaults filled in.
 * @throws {InvalidConfiguration} For a `length` outside 6–8 or an `attempts` that is not a positive integer.
 * @example
 * ```ts
 * codeSettings(Nodemailer({ server, code: true })) // { length: 6, attempts: 5, link: true }
 * ```
 */
export function codeSettings(provider: EmailConfig): CodeSettings | undefined {
  if (settled.has(provider)) return settled.get(provider);
  const settings = readCodeSettings(provider);
  settled.set(provider, settings);
  return settings;
}

/** Each provider's settings, read once (at start-up, by the configuration check). */
const settled = new WeakMap<EmailConfig, CodeSettings | undefined>();

function readCodeSettings(provider: EmailConfig): CodeSettings | undefined {
  const option = provider.code;
  if (option === undefined || option === false) return undefined;
  // Read defensively: plain JavaScript configurations reach this too.
  const given: EmailCodeOptions =
    option === true || typeof option !== "object" || option === null ? {} : option;
  const length = given.length ?? DEFAULT_LENGTH;
  const attempts = given.attempts ?? DEFAULT_ATTEMPTS;
  const link = given.link ?? true;
  if (
    (option !== true && given !== option) ||
    !Number.isInteger(length) ||
    length < MIN_LENGTH ||
    length > MAX_LENGTH ||
    !Number.isInteger(attempts) ||
    attempts < 1 ||
    typeof link !== "boolean"
  ) {
    throw new InvalidConfiguration(
      `code of the email provider "${provider.id}" needs a \`length\` of 6 to 8 digits, a positive integer \`attempts\` and a boolean \`link\`; or \`true\`.`,
    );
  }
  return { length, attempts, link };
}

const encoder = new TextEncoder();

async function hmacSha256(key: string, message: string): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey(
    "raw",
    encoder.encode(key),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  return new Uint8Array(await crypto.subtle.sign("HMAC", cryptoKey, encoder.encode(message)));
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * HMAC-SHA-256 in hex, the stored form of everything a code leaves in the adapter.
 *
 * @param key - One of {@link candidateKeys}.
 * @param message - What is authenticated, starting with a label of its own.
 * @returns 64 hex digits.
 * @example
 * ```ts
 * await hmacHex(key, `portcullis/email-code/newest\u0000${identifier}`)
 * ```
 */
export async function hmacHex(key: string, message: string): Promise<string> {
  return hex(await hmacSha256(key, message));
}

/**
 * The code of a sign-in request, derived from its link token with Web Crypto. Keyed by the
 * token alone (no app secret), so a secret rotation between mailing and use changes nothing;
 * only who holds the token (the mailbox) can compute it. 48 bits reduced modulo 10^length leave
 * a bias far below anything a guesser with a handful of attempts could use.
 *
 * @param token - The raw link token (256 random bits by default).
 * @param identifier - The normalised address the token was issued for.
 * @param length - How many digits.
 * @returns The code, `length` ASCII digits.
 * @example
 * ```ts
 * await deriveCode(token, "ada@example.com", 6) // "042917"
 * ```
 */
export async function deriveCode(token: string, identifier: string, length: number): Promise<string> {
  const bytes = await hmacSha256(token, `${DERIVE_LABEL}\u0000${identifier}`);
  // 48 bits stay exact in a Number (no BigInt, which apps compiled for targets before ES2020
  // cannot type-check in our sources).
  const view = new DataView(bytes.buffer, bytes.byteOffset, 6);
  const value = view.getUint32(0) * 0x10000 + view.getUint16(4);
  return String(value % 10 ** length).padStart(length, "0");
}

/**
 * Every key a live code's row may be stored under: the provider's own secret, else the secrets
 * joined (the current form, first) and, after a rotation, each secret alone, as for link tokens.
 *
 * @param provider - The email provider.
 * @param ctx - The action context.
 * @returns The keys, the one new rows are stored under first.
 * @example
 * ```ts
 * const [current] = candidateKeys(provider, ctx)
 * ```
 */
function candidateKeys(provider: EmailConfig, ctx: ActionContext): string[] {
  if (provider.secret !== undefined) return [provider.secret];
  const { secrets, joinedSecret } = ctx.config;
  return secrets.length === 1 ? [joinedSecret] : [joinedSecret, ...secrets];
}

/**
 * The stored form of a code: an HMAC (not the link's `sha256(token + secret)`, so no link token a
 * client sends can ever hash to a code's row and skip the attempt count) over the address and
 * the code, so a code is found only under its own address.
 */
function storedForm(key: string, identifier: string, code: string): Promise<string> {
  return hmacHex(key, `${STORE_LABEL}\u0000${identifier}\u0000${code}`);
}

/**
 * Stores a code for an address, with the expiry of its link.
 *
 * @param provider - The email provider.
 * @param identifier - The normalised address.
 * @param code - The code from {@link deriveCode}.
 * @param expires - When it stops working (the link's expiry).
 * @param ctx - The action context.
 * @throws {AdapterError} When `createVerificationToken` fails.
 * @example
 * ```ts
 * await storeCode(provider, "ada@example.com", code, expires, ctx)
 * ```
 */
export async function storeCode(
  provider: EmailConfig,
  identifier: string,
  code: string,
  expires: Date,
  ctx: ActionContext,
): Promise<void> {
  await putKeyedRow(provider, identifier, (key) => storedForm(key, identifier, code), expires, ctx);
}

/**
 * Stores a row of an address under the token `tokenFor` makes with the current key (the first of
 * {@link candidateKeys}): a code's row, or the address's newest-code marker.
 *
 * @param provider - The email provider.
 * @param identifier - The normalised address.
 * @param tokenFor - The stored token under a key.
 * @param expires - When the row stops working.
 * @param ctx - The action context.
 * @throws {AdapterError} When `createVerificationToken` fails.
 * @example
 * ```ts
 * await putKeyedRow(provider, "ada@example.com", (key) => hmacHex(key, "label"), expires, ctx)
 * ```
 */
export async function putKeyedRow(
  provider: EmailConfig,
  identifier: string,
  tokenFor: (key: string) => Promise<string>,
  expires: Date,
  ctx: ActionContext,
): Promise<void> {
  const [key = ""] = candidateKeys(provider, ctx);
  const row: VerificationToken = { identifier, token: await tokenFor(key), expires };
  const adapter = ctx.config.adapter!;
  await callAdapter("createVerificationToken", () => adapter.createVerificationToken!(row));
}

/**
 * Uses a code up: the adapter's `useVerificationToken` finds and deletes its row in one step, so
 * of two concurrent uses only one gets it back. Expiry is the caller's to check.
 *
 * @param provider - The email provider.
 * @param identifier - The normalised address.
 * @param code - The code as typed (already in canonical form).
 * @param ctx - The action context.
 * @returns The row, or null for a wrong, used, or another address's code.
 * @throws {AdapterError} When `useVerificationToken` fails.
 * @example
 * ```ts
 * const row = await consumeCode(provider, "ada@example.com", "042917", ctx)
 * ```
 */
export function consumeCode(
  provider: EmailConfig,
  identifier: string,
  code: string,
  ctx: ActionContext,
): Promise<VerificationToken | null> {
  return takeKeyedRow(provider, identifier, (key) => storedForm(key, identifier, code), ctx);
}

/**
 * Takes (finds and deletes) a row of an address stored by {@link putKeyedRow}, trying every key a
 * live row may be under.
 *
 * @param provider - The email provider.
 * @param identifier - The normalised address.
 * @param tokenFor - The stored token under a key.
 * @param ctx - The action context.
 * @returns The row, or null when there is none (or the adapter answered another address's).
 * @throws {AdapterError} When `useVerificationToken` fails.
 * @example
 * ```ts
 * const row = await takeKeyedRow(provider, "ada@example.com", (key) => hmacHex(key, "label"), ctx)
 * ```
 */
export async function takeKeyedRow(
  provider: EmailConfig,
  identifier: string,
  tokenFor: (key: string) => Promise<string>,
  ctx: ActionContext,
): Promise<VerificationToken | null> {
  const adapter = ctx.config.adapter!;
  for (const key of candidateKeys(provider, ctx)) {
    const token = await tokenFor(key);
    const row = await callAdapter("useVerificationToken", () =>
      adapter.useVerificationToken!({ identifier, token }),
    );
    if (!row) continue;
    // As for links: an adapter that looks rows up by token alone must not cross addresses.
    return row.identifier === identifier && timingSafeEqual(row.token, token) ? row : null;
  }
  return null;
}

/**
 * The canonical form of a typed code: trimmed, and inner spaces and hyphens (as people copy
 * `042 917` or `042-917`) removed, then exactly `length` ASCII digits; anything else is not a code.
 *
 * @param value - The `code` field of the request (anything the body held).
 * @param length - The configured length.
 * @returns The code, or undefined when the value cannot be one.
 * @example
 * ```ts
 * readCode(" 042 917 ", 6) // "042917"
 * ```
 */
export function readCode(value: unknown, length: number): string | undefined {
  // Bounded before any work: a megabyte of spaces is not a code either.
  if (typeof value !== "string" || value.length > 4 * MAX_LENGTH) return undefined;
  const code = value.trim().replace(/[ -]/g, "");
  return code.length === length && /^[0-9]+$/.test(code) ? code : undefined;
}

/** One count a code attempt was taken from. */
interface Counter {
  store: RateLimitStore;
  key: string;
}

/** The address's count, with its allowance: `attempts` per code lifetime. */
interface AddressCounter extends Counter {
  limit: RateLimitWindow;
}

/** Where a provider's attempt counts live, and under what key for an address. */
async function attemptCounter(
  provider: EmailConfig,
  identifier: string,
  ctx: ActionContext,
): Promise<Counter> {
  // Burning is a security property, not a courtesy: it is kept even when `rateLimit` is false.
  // An unusable store is refused when the code is sent (see rate-limit.ts); here it is not used.
  const configured = provider.rateLimit ? provider.rateLimit.store : undefined;
  const store = isStore(configured) ? configured : defaultStore;
  const key = await limitKey(ctx.config.secrets[0] ?? "", ["email", provider.id, "code"], identifier);
  return { store, key };
}

/** The counts one code attempt took, to give back if the code is right. */
export interface CodeAttempt {
  /** Every count taken: the client's (when known) and the address's. */
  counters: Counter[];
  /** The address's count, also in `counters`. */
  address: AddressCounter;
  now: number;
}

/**
 * Counts one code attempt for the client's address (when a trusted source names it) and for the
 * address the code is for, or answers undefined when either is out of attempts: the client after
 * `rateLimit.address` (default 50 per 900 s), the address after `attempts` within one code
 * lifetime (its codes are burned then). A refused attempt counts for neither. A store that fails
 * (down, or full) refuses the attempt, as every limit does.
 *
 * @param provider - The email provider.
 * @param identifier - The normalised address.
 * @param settings - The provider's code settings.
 * @param req - The callback request (a trusted source may name its client's address).
 * @param ctx - The action context.
 * @returns What was taken, for {@link refundCodeAttempt}; undefined when the attempt is refused.
 * @throws {RateLimitStoreUnavailable} When the store fails.
 * @throws {InvalidConfiguration} When `rateLimit` holds unusable values.
 * @example
 * ```ts
 * const attempt = await takeCodeAttempt(provider, identifier, settings, req, ctx)
 * if (!attempt) throw new Verification("burned")
 * ```
 */
export async function takeCodeAttempt(
  provider: EmailConfig,
  identifier: string,
  settings: CodeSettings,
  req: AuthRequest,
  ctx: ActionContext,
): Promise<CodeAttempt | undefined> {
  const { logger } = ctx.config;
  const client = await clientCounter(provider, "code", req, ctx);
  if (client && !(await takeOrRefuse(client.store, client.key, client.limit, ctx.now, logger)))
    return undefined;
  const limit = { max: settings.attempts, windowSeconds: tokenLifetime(provider) };
  const address = { ...(await attemptCounter(provider, identifier, ctx)), limit };
  if (!(await takeOrRefuse(address.store, address.key, limit, ctx.now, logger))) {
    // A refused attempt counts for no one: the client's event goes back.
    if (client) await refundAllowance(client.store, client.key, ctx.now);
    return undefined;
  }
  return { counters: client ? [client, address] : [address], address, now: ctx.now };
}

/**
 * After a wrong code: whether it was the address's last attempt, so that its codes are now to be
 * burned (see burned-codes.ts). The store answers only yes or no to a take, so it is asked with
 * one more take, given back at once. Only a store with `refund` is asked (one without it would
 * count the question as an attempt); such a store keeps a burned address at its limit instead.
 *
 * @param attempt - From {@link takeCodeAttempt}, for a code that was wrong.
 * @param logger - The configuration's logger.
 * @returns True when the address has no attempt left within its window.
 * @throws {RateLimitStoreUnavailable} When the store fails.
 * @example
 * ```ts
 * const last = await wasLastAttempt(attempt, ctx.config.logger) // true: the address's codes are to be burned
 * ```
 */
export async function wasLastAttempt(attempt: CodeAttempt, logger: LoggerInstance): Promise<boolean> {
  const { store, key, limit } = attempt.address;
  if (!store.refund) return false;
  if (!(await takeOrRefuse(store, key, limit, attempt.now, logger))) return true;
  await refundAllowance(store, key, attempt.now);
  return false;
}

/**
 * Gives the address's count its last attempt back (the client's stays counted), once the
 * address's burn is stored: the count then sits below its limit, where the store may drop it to
 * make room, and the burn refuses the address's codes in its place.
 *
 * @param attempt - From {@link takeCodeAttempt}.
 * @throws Whatever the store throws.
 * @example
 * ```ts
 * await releaseAddressCount(attempt)
 * ```
 */
export async function releaseAddressCount(attempt: CodeAttempt): Promise<void> {
  await refundAllowance(attempt.address.store, attempt.address.key, attempt.now);
}

/**
 * Gives back the attempt of a right code, so signing in does not use up the allowances (a store
 * without `refund` keeps it counted).
 *
 * @param attempt - From {@link takeCodeAttempt}.
 * @throws Whatever the store throws.
 * @example
 * ```ts
 * await refundCodeAttempt(attempt)
 * ```
 */
export async function refundCodeAttempt(attempt: CodeAttempt): Promise<void> {
  for (const { store, key } of attempt.counters) await refundAllowance(store, key, attempt.now);
}
