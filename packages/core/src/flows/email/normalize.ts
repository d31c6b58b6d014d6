/**
 * Email address normalisation for magic-link sign-in: one canonical form per mailbox, so the
 * token, the rate limit and the user row all key on the same string, and a strict shape, so the
 * address can go into an SMTP envelope and a `To:` header without being reinterpreted.
 *
 * @module
 */
import type { EmailConfig } from "../../types";

/**
 * RFC 5321 caps a forward path at 256 octets, so an address at 254 characters: a longer one
 * reaches no mailbox, and would not fit the 255-character identifier columns of MySQL either.
 */
const MAX_ADDRESS_LENGTH = 254;

// Control and format characters (CR/LF above all) would let an address add mail headers or
// SMTP commands; format characters (bidi overrides, zero-width joiners) let one address look
// like another in a mail client; an unpaired surrogate (a JSON body can carry one) is sent as
// U+FFFD, to another mailbox.
const CONTROL_OR_FORMAT = /[\p{Cc}\p{Cf}\p{Cs}]/u;

// Whitespace and the RFC 5322 "specials" are legal only inside a quoted local part. Quotes are
// refused (`"a@evil.test"@victim.test` parses differently in different libraries), so any of
// these is either an error or an attempt to make an address parser see two recipients.
const SEPARATOR = /[\s"(),:;<>[\]\\]/u;

// The ASCII a domain may hold: letters, digits, hyphens, underscores and dots. Any other ASCII
// character ("%", "/", "?", "#") the URL parser would decode or cut off instead of refusing.
// Non-ASCII characters are left to IDNA, which maps or refuses each of them.
const NOT_IN_DOMAIN = /[^a-z0-9._\-\u0080-\u{10ffff}]/u;

/**
 * Thrown for an address that cannot be used. The message says why but never repeats the
 * address: addresses are personal data and end up in logs. The flows turn it into
 * `EmailSignin` (sign-in) or `Verification` (a followed link).
 *
 * @example
 * ```ts
 * try { normalizeEmailAddress("nope") } catch (e) { e instanceof InvalidEmailAddress } // true
 * ```
 */
export class InvalidEmailAddress extends TypeError {
  /** @param reason - Why the address is refused, e.g. "it needs exactly one '@'". */
  constructor(reason: string) {
    super(`The email address is not usable: ${reason}.`);
    this.name = "InvalidEmailAddress";
  }
}

/**
 * The ASCII (punycode) form of a domain, as IDNA (UTS #46, applied by the WHATWG URL parser) maps
 * it and as mail libraries send it: `exämple.test` and `xn--exmple-cua.test` reach one mailbox.
 *
 * @throws {InvalidEmailAddress} When the domain holds characters no domain can, or IDNA refuses it.
 */
function asciiDomain(domain: string): string {
  if (NOT_IN_DOMAIN.test(domain))
    throw new InvalidEmailAddress("its domain contains characters no domain has");
  try {
    return new URL(`http://${domain}`).hostname;
  } catch {
    throw new InvalidEmailAddress("its domain is not a valid internationalised domain name");
  }
}

/**
 * The default normalisation of Portcullis (and, in its first steps, of Auth.js): NFKC, lower
 * case, trimmed, and an ideographic full stop in the domain (`。`, also what NFKC makes of the
 * halfwidth one) turned into the `.` that IDNA turns it into when the mail is sent. NFKC comes
 * first so that look-alikes such as the full-width `＠` turn into the ASCII character they imitate
 * and are then checked like it, instead of slipping past the checks and being folded into an `@`
 * by a mail library later. The result must be one local part and one dotted domain separated by
 * exactly one `@`, without quotes, separators, control characters or more than 254 characters,
 * and its domain one that IDNA accepts. A Unicode domain stays in Unicode, as Auth.js stores it,
 * so the users it created keep their rows; its punycode spelling is another identifier, though
 * both share one link allowance (see {@link mailboxOf}).
 *
 * @param value - The submitted address (anything the request body held).
 * @returns The normalised address.
 * @throws {InvalidEmailAddress} When the value is not a string or not a usable address.
 * @see WIRE.md "Crypto" (Email token)
 * @example
 * ```ts
 * normalizeEmailAddress("  Ada@Example.COM ") // "ada@example.com"
 * normalizeEmailAddress("ada@mail。example.test") // "ada@mail.example.test"
 * ```
 */
export function normalizeEmailAddress(value: unknown): string {
  if (typeof value !== "string") throw new InvalidEmailAddress("it is missing");
  const address = value
    .normalize("NFKC")
    .toLowerCase()
    .trim()
    .replace(/\u3002/g, ".");
  if (address.length > MAX_ADDRESS_LENGTH) throw new InvalidEmailAddress("it is too long");
  if (CONTROL_OR_FORMAT.test(address)) throw new InvalidEmailAddress("it contains control characters");
  if (SEPARATOR.test(address)) throw new InvalidEmailAddress("it contains quotes, spaces or separators");
  const parts = address.split("@");
  const [local, domain] = parts;
  if (parts.length !== 2 || !local || !domain) throw new InvalidEmailAddress("it needs exactly one '@'");
  const labels = domain.split(".");
  if (labels.length < 2 || labels.some((label) => label === ""))
    throw new InvalidEmailAddress("its domain needs a dot between non-empty labels");
  asciiDomain(domain);
  return address;
}

/**
 * The mailbox an identifier's mail is delivered to: its domain in the ASCII form IDNA gives it,
 * so that every spelling of one mailbox (`ada@bücher.example`, `ada@xn--bcher-kva.example`) is
 * counted as one by the link limit. An identifier that is no plain address (a custom
 * `normalizeIdentifier` may make anything) is its own mailbox.
 *
 * @param identifier - A normalised identifier.
 * @returns The address with an ASCII domain, or the identifier.
 * @example
 * ```ts
 * mailboxOf("ada@bücher.example") // "ada@xn--bcher-kva.example"
 * ```
 */
export function mailboxOf(identifier: string): string {
  const at = identifier.lastIndexOf("@");
  if (at < 1) return identifier;
  try {
    return `${identifier.slice(0, at)}@${asciiDomain(identifier.slice(at + 1))}`;
  } catch {
    return identifier;
  }
}

/**
 * Whether an address is already in the form {@link normalizeEmailAddress} gives it, so that it
 * is the identifier a magic link to that mailbox would have. An address a normalisation would
 * change (a KELVIN SIGN that NFKC turns into `K`, a non-ASCII capital) or
 * refuse is not: it names, for whoever vouched for it, a mailbox other than the one it would
 * be folded into.
 *
 * @param address - An address as some party (an identity provider) gave it.
 * @returns True when normalising it changes nothing.
 * @example
 * ```ts
 * isNormalizedEmailAddress("kate@example.test") // true
 * isNormalizedEmailAddress("\u212Aate@example.test") // false (KELVIN SIGN)
 * ```
 */
export function isNormalizedEmailAddress(address: string): boolean {
  try {
    return normalizeEmailAddress(address) === address;
  } catch (error) {
    if (error instanceof InvalidEmailAddress) return false;
    throw error;
  }
}

/**
 * An address with its ASCII capitals lower-cased and every other character kept. Unlike
 * `toLowerCase`, it never turns a non-ASCII character into an ASCII one (U+212A KELVIN SIGN
 * into `k`), so an address cannot become another party's by case mapping.
 *
 * @param address - An address as some party (an identity provider) gave it.
 * @returns The address, ASCII letters in lower case.
 * @example
 * ```ts
 * lowerCaseAscii("Kate@Example.TEST") // "kate@example.test"
 * lowerCaseAscii("\u212Aate@example.test") // "\u212Aate@example.test"
 * ```
 */
export function lowerCaseAscii(address: string): string {
  return address.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
}

/**
 * The identifier of an address for a provider: its own `normalizeIdentifier` when it has one,
 * else {@link normalizeEmailAddress}. A custom normaliser is trusted with the address's shape,
 * but its result must still be a non-empty string without control characters, because it
 * becomes a mail header whatever the normaliser intended.
 *
 * @param provider - The email provider.
 * @param value - The submitted address.
 * @returns The identifier used for tokens, rate limits and users.
 * @throws {InvalidEmailAddress} When the address (or the custom normaliser's result) is unusable.
 * @throws Whatever a custom `normalizeIdentifier` throws.
 * @example
 * ```ts
 * const identifier = emailIdentifier(provider, req.body?.email)
 * ```
 */
export function emailIdentifier(provider: EmailConfig, value: unknown): string {
  if (!provider.normalizeIdentifier) return normalizeEmailAddress(value);
  if (typeof value !== "string") throw new InvalidEmailAddress("it is missing");
  const identifier: unknown = provider.normalizeIdentifier(value);
  if (typeof identifier !== "string" || identifier === "")
    throw new InvalidEmailAddress("normalizeIdentifier returned no address");
  if (CONTROL_OR_FORMAT.test(identifier)) throw new InvalidEmailAddress("it contains control characters");
  return identifier;
}
