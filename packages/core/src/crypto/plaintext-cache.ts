/**
 * Plaintexts of session JWEs this process has already verified, by exact token string and per
 * key. One page load often reads the same cookie several times (middleware, server rendering,
 * API routes), so every read after the first can skip the decryption: the answer is known. Sound because a compact JWE is tamper-evident and its
 * string fixes its plaintext: only the exact same string hits, and nobody without the token can
 * produce that string. Scoped per key object, so a secret removed from the configuration stops
 * finding its entries. Claims (`exp`) are still checked on every read by the caller.
 * Bounded; the oldest entries go first.
 */
import type { CbcHsKey } from "./jwe";

const LIMIT = 1024;
const caches = new WeakMap<CbcHsKey, Map<string, string>>();

/** Remembers the plaintext of a token verified under `key`. */
export function remember(key: CbcHsKey, token: string, plaintext: string): void {
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
