/**
 * Small Web Crypto helpers shared across the core: hashing, random tokens, constant-time string
 * comparison and base64url. Web standards only (`globalThis.crypto`), so they run on Node, Bun,
 * Deno and edge workers alike.
 *
 * @module
 */

import { base64url } from "jose";
import { nodeBuffer, nodeCrypto } from "../crypto/node-crypto";
import { randomBytes } from "../crypto/random";

const encoder = new TextEncoder();

/** Two lowercase hex digits for every byte value, built once so hex encoding is a table lookup. */
const HEX_BYTES: readonly string[] = Array.from({ length: 256 }, (_, byte) =>
  byte.toString(16).padStart(2, "0"),
);

function toHex(bytes: Uint8Array): string {
  let hex = "";
  for (const byte of bytes) hex += HEX_BYTES[byte];
  return hex;
}

/**
 * Hashes a string (as UTF-8) with SHA-256 and returns the digest as 64 lowercase hex digits.
 * Used for the CSRF cookie hash and for storing email verification tokens, so a leaked database
 * row or cookie never reveals the token itself.
 *
 * @param text - The text to hash.
 * @returns The hex digest.
 * @see WIRE.md, section "Crypto"
 * @example
 * ```ts
 * const hash = await sha256Hex(`${token}${secret}`)
 * ```
 */
export async function sha256Hex(text: string): Promise<string> {
  // Synchronous where the runtime offers Node's crypto: this runs on most requests (CSRF cookie).
  const node = nodeCrypto();
  if (node)
    return node.hash
      ? node.hash("sha256", text, "hex")
      : node.createHash("sha256").update(text).digest("hex");
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(text));
  return toHex(new Uint8Array(digest));
}

/**
 * Returns `bytes` cryptographically random bytes as lowercase hex (`2 * bytes` characters). 32
 * bytes give 256 bits of entropy, far beyond what an online guesser can search, which is why the
 * CSRF and email tokens use that size.
 *
 * @param bytes - How many random bytes; at most 65536 (the Web Crypto limit per call).
 * @returns The hex string.
 * @throws {RangeError} (a `QuotaExceededError` DOMException on some runtimes) when `bytes` exceeds 65536.
 * @example
 * ```ts
 * const csrfToken = randomHex(32) // 64 hex characters
 * ```
 */
export function randomHex(bytes: number): string {
  return toHex(randomBytes(bytes));
}

/**
 * Compares two strings in time that depends only on their lengths, never on where they differ.
 *
 * Why: an ordinary `===` stops at the first differing character, so the time it takes tells an
 * attacker how long the matching prefix of a guess is; by timing many guesses they can recover a
 * secret hash or token one character at a time. Here every position up to the longer length is
 * visited and the differences are OR-ed together with no early exit, and a length mismatch is
 * folded into the same accumulator instead of returning early. The lengths of what we compare
 * (fixed-size hex digests and tokens) are public, so length-dependent time reveals nothing.
 *
 * @param a - A string, typically the value from the request.
 * @param b - The string to compare against, typically the expected value.
 * @returns `true` when the strings are identical.
 * @example
 * ```ts
 * if (!timingSafeEqual(cookieHash, await sha256Hex(`${token}${secret}`))) throw new Error("bad CSRF")
 * ```
 */
export function timingSafeEqual(a: string, b: string): boolean {
  const length = Math.max(a.length, b.length);
  let difference = a.length ^ b.length;
  for (let i = 0; i < length; i++) {
    // Past the end of the shorter string, compare against 0; the lengths already differ, so
    // the result is false either way, but the loop still runs to the longer length.
    const x = i < a.length ? a.charCodeAt(i) : 0;
    const y = i < b.length ? b.charCodeAt(i) : 0;
    difference |= x ^ y;
  }
  return difference === 0;
}

/**
 * Encodes bytes (or a string, as UTF-8) as unpadded base64url (RFC 4648, section 5).
 *
 * @param input - The bytes or text to encode.
 * @returns The base64url text, without `=` padding.
 * @see https://www.rfc-editor.org/rfc/rfc4648#section-5
 * @example
 * ```ts
 * base64urlEncode(new Uint8Array([251, 255])) // "-_8"
 * ```
 */
export function base64urlEncode(input: Uint8Array | string): string {
  const buffer = nodeBuffer();
  if (!buffer) return base64url.encode(input);
  return typeof input === "string"
    ? buffer.from(input, "utf8").toString("base64url")
    : buffer.from(input.buffer, input.byteOffset, input.byteLength).toString("base64url");
}

/** Unpadded or padded base64url, and nothing else. */
const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

/**
 * Decodes unpadded (or padded) base64url text into bytes.
 *
 * @param input - The base64url text.
 * @returns The decoded bytes.
 * @throws {TypeError} when `input` is not valid base64url.
 * @see https://www.rfc-editor.org/rfc/rfc4648#section-5
 * @example
 * ```ts
 * base64urlDecode("-_8") // Uint8Array [251, 255]
 * ```
 */
export function base64urlDecode(input: string): Uint8Array {
  const buffer = nodeBuffer();
  // jose's message does not repeat the input, which may be secret material (a token). Buffer
  // skips characters outside the alphabet, so its input is checked first, to reject alike.
  if (!buffer || !BASE64URL.test(input) || input.length % 4 === 1) return base64url.decode(input);
  const bytes = buffer.from(input, "base64url");
  // A plain view, so callers get Uint8Array semantics (Buffer's slice() does not copy).
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
