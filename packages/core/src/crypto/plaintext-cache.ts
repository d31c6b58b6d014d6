/**
 * Plaintexts of session JWEs this process has already verified, by exact token string and per
 * key. One page load often reads the same cookie several times (middleware, server rendering,
 * API routes), so those reads can skip the decryption: the answer is known. Sound because a
 * compact JWE is tamper-evident and its string fixes its plaintext: only the exact same string
 * hits, and nobody without the token can produce that string. Scoped per key object, so a secret
 * removed from the configuration stops finding its entries. Claims (`exp`) are still checked on
 * every read by the caller. Bounded by entries and by characters held (a few large tokens must not
 * pin megabytes); the oldest entries go first.
 *
 * A token is kept from its second verification on, not its first. Most tokens a busy server sees
 * come once before the browser has a newer one; keeping each of them would fill the cache with
 * strings that outlive the young generation, and the garbage collector's extra work cost more
 * than the decryptions saved (measured in bench/: a fifth of the throughput and 50 MB of peak
 * memory with many distinct tokens). Which tokens were seen is a fixed table of fingerprints,
 * so remembering that costs no allocation.
 */
import type { CbcHsKey } from "./jwe";

/**
 * The bounds of each key's cache: entries, and characters of token plus plaintext together
 * (about one to two bytes each in memory). Exported for tests that size their tokens by them.
 */
export const PLAINTEXT_CACHE_LIMITS = Object.freeze({ entries: 1024, chars: 1 << 20 });

/** One key's cache: token to plaintext, oldest first, with the characters it holds. */
interface Cache {
  entries: Map<string, string>;
  chars: number;
}

const caches = new WeakMap<CbcHsKey, Cache>();

/** Fingerprints of tokens verified once, by slot: a direct-mapped table, newest wins. */
const SEEN_BITS = 10;
const seen = new Float64Array(1 << SEEN_BITS);

/**
 * A number from seven characters at the end of the token's authentication tag, an HMAC output
 * and so as good as random. The very last character is left out: the 32-byte tag fills only 4
 * of its 6 bits, so it would add little but sameness. Only verified tokens get here, so a
 * collision can only keep some token one read early.
 */
function fingerprint(token: string): number {
  let value = 1;
  const end = token.length - 1;
  for (let i = Math.max(0, end - 7); i < end; i++) value = value * 128 + token.charCodeAt(i);
  return value;
}

/**
 * The table slot of a fingerprint. Its low bits alone would be a poor index: they come from the
 * last character or two, whose codes take few values (the old `mark % 1024` reached only 128 of
 * the 1,024 slots). So both 32-bit halves are folded and spread by a multiplicative (Fibonacci)
 * hash, whose top bits depend on every input bit. Exported for the occupancy test.
 *
 * @param token - A compact JWE.
 * @returns Its slot, from 0 to 1,023.
 * @example
 * ```ts
 * seenSlot(token) // e.g. 417
 * ```
 */
export function seenSlot(token: string): number {
  return slotOf(fingerprint(token));
}

function slotOf(mark: number): number {
  // `>>> 0` keeps the low 32 bits; `^` truncates the quotient to the high ones.
  return Math.imul((mark >>> 0) ^ (mark / 4294967296), 0x9e3779b1) >>> (32 - SEEN_BITS);
}

/**
 * Records that `token` was verified under `key` with this plaintext: kept for later reads if the
 * token was verified recently before, else only its fingerprint is noted.
 */
export function remember(key: CbcHsKey, token: string, plaintext: string): void {
  const mark = fingerprint(token);
  const slot = slotOf(mark);
  if (seen[slot] !== mark) {
    seen[slot] = mark;
    return;
  }
  const size = token.length + plaintext.length;
  // A token larger than the whole budget would only flush everything else; it is decrypted each time.
  if (size > PLAINTEXT_CACHE_LIMITS.chars) return;
  let cache = caches.get(key);
  if (!cache) {
    cache = { entries: new Map(), chars: 0 };
    caches.set(key, cache);
  }
  const { entries } = cache;
  // Two concurrent reads of one token both verify it; the second must not count its size twice.
  if (entries.has(token)) return;
  while (
    entries.size > 0 &&
    (entries.size >= PLAINTEXT_CACHE_LIMITS.entries || cache.chars + size > PLAINTEXT_CACHE_LIMITS.chars)
  ) {
    const [oldToken, oldPlaintext] = entries.entries().next().value!;
    entries.delete(oldToken);
    cache.chars -= oldToken.length + oldPlaintext.length;
  }
  entries.set(token, plaintext);
  cache.chars += size;
}

/** The remembered plaintext of a token under `key`, if any. */
export function recall(key: CbcHsKey, token: string): string | undefined {
  const cache = caches.get(key);
  if (cache === undefined) return undefined;
  // Every kept token's fingerprint was in the table when it was kept. Looking there first spares
  // the Map lookup for tokens never seen, which would hash all of their 600-odd characters.
  const mark = fingerprint(token);
  if (seen[slotOf(mark)] !== mark) return undefined;
  return cache.entries.get(token);
}
