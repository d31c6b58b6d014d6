/**
 * Plaintexts of session JWEs this process has already verified, by exact token string and per
 * key. One page load often reads the same cookie several times (middleware, server rendering,
 * API routes), so those reads can skip the decryption: the answer is known. Sound because a
 * compact JWE is tamper-evident and its string fixes its plaintext: only the exact same string
 * hits, and nobody without the token can produce that string. Scoped per key object, so a secret
 * removed from the configuration stops finding its entries. Claims (`exp`) are still checked on
 * every read by the caller. Bounded; the oldest entries go first.
 *
 * A token is kept from its second verification on, not its first. Most tokens a busy server sees
 * come once before the browser has a newer one; keeping each of them would fill the cache with
 * strings that outlive the young generation, and the garbage collector's extra work cost more
 * than the decryptions saved (measured in bench/: a fifth of the throughput and 50 MB of peak
 * memory with many distinct tokens). Which tokens were seen is a fixed table of fingerprints,
 * so remembering that costs no allocation.
 */
import type { CbcHsKey } from "./jwe";

const LIMIT = 1024;
const caches = new WeakMap<CbcHsKey, Map<string, string>>();

/** Fingerprints of tokens verified once, by slot: a direct-mapped table, newest wins. */
const SEEN_SLOTS = 1024;
const seen = new Float64Array(SEEN_SLOTS);

/**
 * A number from the token's last seven characters: the end of its authentication tag, which is
 * an HMAC output and so as good as random. Only verified tokens get here, so a collision can only
 * keep some token one read early.
 */
function fingerprint(token: string): number {
  let value = 1;
  for (let i = Math.max(0, token.length - 7); i < token.length; i++)
    value = value * 128 + token.charCodeAt(i);
  return value;
}

/**
 * Records that `token` was verified under `key` with this plaintext: kept for later reads if the
 * token was verified recently before, else only its fingerprint is noted.
 */
export function remember(key: CbcHsKey, token: string, plaintext: string): void {
  const mark = fingerprint(token);
  const slot = mark % SEEN_SLOTS;
  if (seen[slot] !== mark) {
    seen[slot] = mark;
    return;
  }
  let cache = caches.get(key);
  if (!cache) {
    cache = new Map();
    caches.set(key, cache);
  }
  if (cache.size >= LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(token, plaintext);
}

/** The remembered plaintext of a token under `key`, if any. */
export function recall(key: CbcHsKey, token: string): string | undefined {
  return caches.get(key)?.get(token);
}
