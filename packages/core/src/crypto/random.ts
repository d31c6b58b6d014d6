/**
 * Random bytes from the runtime's CSPRNG, drawn in batches. `getRandomValues` costs a couple of
 * microseconds per call whatever the size, and a session request needs a fresh IV (and often a
 * CSRF token), so bytes are taken from a 4 KiB pool that is refilled when spent. Every byte is
 * handed out once and the pool is overwritten as it goes, so nothing is ever reused.
 */
const POOL_SIZE = 4096;
const pool = new Uint8Array(POOL_SIZE);
let offset = POOL_SIZE;

/** `length` fresh random bytes (at most 4096). */
export function randomBytes(length: number): Uint8Array {
  if (length > POOL_SIZE) return crypto.getRandomValues(new Uint8Array(length));
  if (offset + length > POOL_SIZE) {
    crypto.getRandomValues(pool);
    offset = 0;
  }
  const bytes = pool.slice(offset, offset + length);
  pool.fill(0, offset, offset + length);
  offset += length;
  return bytes;
}
