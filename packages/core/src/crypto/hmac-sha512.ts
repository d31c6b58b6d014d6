/**
 * HMAC-SHA-512 (RFC 2104) for one key used over and over, as the session token's authentication
 * tag is: every session read computes two, one to verify the incoming token and one for the
 * token it issues.
 *
 * Why not `createHmac` per tag: each call makes a C++ HMAC context and its JavaScript wrapper,
 * prepares the key again (the key block XOR-ed with the inner and outer pads), and leaves an
 * object the garbage collector must finalise. Here the two padded key blocks are made once per
 * key, and a tag is two one-shot SHA-512 digests (`crypto.hash`, Node 20.12+) over a scratch
 * buffer that holds the inner padded key once and the message after it: no context object, no
 * key preparation, one 64-byte result per digest. Digests are synchronous, so one scratch buffer
 * per key is never shared by two tags in flight.
 *
 * Where the runtime has no one-shot `hash` with byte output, or it does not give the HMAC of a
 * known vector (checked once), tags go through `createHmac` as before.
 */
import type { SyncCrypto } from "./node-crypto";

/** SHA-512's block size in bytes: the padded key fills one block. */
const BLOCK = 128;
/** SHA-512's digest size in bytes. */
const DIGEST = 64;
/**
 * Messages up to this size reuse the key's scratch buffer; a larger one (a token of several
 * chunked cookies) gets a buffer of its own, so one huge token cannot pin a huge buffer.
 */
const SCRATCH_LIMIT = 16 * 1024;

/** A key's padded blocks and scratch space, made on first use. */
export interface HmacState {
  /** The inner padded key, followed by room for the message. */
  scratch: Uint8Array;
  /** The outer padded key, followed by room for the inner digest. */
  outer: Uint8Array;
}

/** The one-shot digest this module needs: SHA-512 of bytes, answered as bytes. */
type OneShot = (algorithm: "sha512", data: Uint8Array, encoding: "buffer") => Uint8Array;

/**
 * Prepares a key for {@link hmacSha512}: its inner and outer padded blocks. Keys longer than a
 * block (never the session keys, which are 32 bytes) are not prepared: the caller uses `createHmac`.
 *
 * @param key The HMAC key.
 * @returns The state, or undefined for a key longer than a block.
 * @example
 * ```ts
 * const state = hmacState(new Uint8Array(32));
 * ```
 */
export function hmacState(key: Uint8Array): HmacState | undefined {
  if (key.length > BLOCK) return undefined;
  const scratch = new Uint8Array(BLOCK + 512);
  const outer = new Uint8Array(BLOCK + DIGEST);
  scratch.fill(0x36, 0, BLOCK);
  outer.fill(0x5c, 0, BLOCK);
  for (let i = 0; i < key.length; i++) {
    scratch[i]! ^= key[i]!;
    outer[i]! ^= key[i]!;
  }
  return { scratch, outer };
}

let checked: OneShot | null | undefined;

/** The runtime's one-shot SHA-512, if it exists and computes this module's HMAC right. */
function oneShot(node: SyncCrypto): OneShot | undefined {
  if (checked === undefined) checked = verifiedOneShot(node);
  return checked ?? undefined;
}

function verifiedOneShot(node: SyncCrypto): OneShot | null {
  const hash = (node as { hash?: unknown }).hash;
  if (typeof hash !== "function") return null;
  const digest = hash as OneShot;
  try {
    const key = new Uint8Array(32).map((_, i) => i);
    const message = new Uint8Array(300).map((_, i) => i * 7);
    const expected = node.createHmac("sha512", key).update(message).digest();
    const state = hmacState(key)!;
    const got = tagWith(digest, state, [message]);
    return got instanceof Uint8Array && got.length === DIGEST && got.every((byte, i) => byte === expected[i])
      ? digest
      : null;
  } catch {
    return null;
  }
}

function tagWith(digest: OneShot, state: HmacState, parts: readonly Uint8Array[]): Uint8Array {
  let length = BLOCK;
  for (const part of parts) length += part.length;
  let input = state.scratch;
  if (length > input.length) {
    input = new Uint8Array(length);
    input.set(state.scratch.subarray(0, BLOCK));
    // Grown for next time, up to the limit; larger messages keep their buffer to themselves.
    if (length <= SCRATCH_LIMIT) state.scratch = input;
  }
  let offset = BLOCK;
  for (const part of parts) {
    input.set(part, offset);
    offset += part.length;
  }
  const inner = digest("sha512", input.subarray(0, length), "buffer");
  state.outer.set(inner, BLOCK);
  return digest("sha512", state.outer, "buffer");
}

/**
 * HMAC-SHA-512 of the concatenated parts under a prepared key, with Node's one-shot digests; or
 * undefined when the runtime cannot (the caller then uses `createHmac`).
 *
 * @param node The runtime's synchronous crypto.
 * @param state The key's state, from {@link hmacState}.
 * @param parts The message, in parts.
 * @returns The 64-byte MAC, or undefined.
 * @example
 * ```ts
 * const mac = hmacSha512(nodeCrypto()!, hmacState(key)!, [aad, iv, ciphertext, al]);
 * ```
 */
export function hmacSha512(
  node: SyncCrypto,
  state: HmacState,
  parts: readonly Uint8Array[],
): Uint8Array | undefined {
  const digest = oneShot(node);
  return digest === undefined ? undefined : tagWith(digest, state, parts);
}
