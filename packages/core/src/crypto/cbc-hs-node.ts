/**
 * A256CBC-HS512 (RFC 7518 §5.2) on Node's synchronous crypto, with one set of buffers per key
 * through which every byte of a token passes.
 *
 * Why: a session read decrypts the cookie's token and encrypts a new one, a few hundred bytes
 * each, and on Node the fixed cost of a crypto call (a context object, a freshly allocated Buffer
 * for its answer) outweighs the work on so few bytes. So each key gets, once:
 * - a MAC buffer laid out as `K^ipad | AAD | IV | ciphertext | AL`. A token's IV and ciphertext
 *   are base64url-decoded straight into it, and the HMAC is two one-shot SHA-512 digests
 *   (`crypto.hash`, Node 20.12+): over that buffer, then over `K^opad | inner digest`. No Hmac
 *   object and no key preparation per tag, and the digests come back as latin1 strings, which
 *   costs a third of a Buffer answer;
 * - one long-lived AES-256-CBC cipher and one decipher, so no key schedule per token. A running
 *   cipher carries CBC's chaining value from one `update()` to the next. Encryption XORs
 *   `iv ^ chain` into the first plaintext block, so the output is what a fresh cipher with `iv`
 *   gives. Decryption is handed `IV | ciphertext`, adjacent in the MAC buffer: the first output
 *   block is junk and dropped, and every block after it is exactly a fresh decipher's, the IV
 *   having become the block before the first. Padding (PKCS#7) is added and checked here, the
 *   running ciphers having theirs off;
 * - a scratch buffer the plaintext is UTF-8-encoded into and padded in.
 *
 * Every step is synchronous, so a key's buffers never serve two tokens at once. Whether the
 * runtime computes all this right (Bun and Deno implement `node:crypto` too) is checked once per
 * process against `createHmac` and a fresh cipher; where it does not, {@link cbcHsLane} answers
 * undefined and the caller uses Web Crypto.
 */
import {
  type BufferCodec,
  type Cipher,
  type NodeBytes,
  nodeBuffer,
  nodeCrypto,
  type SyncCrypto,
} from "./node-crypto";

/** SHA-512's block size: the padded keys fill one block. */
const HASH_BLOCK = 128;
/** AES's block size, and the IV's length. */
const AES_BLOCK = 16;
/** The part of the MAC that is the tag. */
const TAG_BYTES = 32;
/** The base64url lengths of a 16-byte IV and a 32-byte tag, unpadded. */
const IV_CHARS = 22;
const TAG_CHARS = 43;
/**
 * Tokens up to this size reuse the key's buffers; a larger one (a session of several chunked
 * cookies) gets buffers of its own, so one huge token cannot pin huge buffers for good.
 */
const KEEP_BYTES = 16 * 1024;
/** Unpadded base64url, as compact JWE parts are written (RFC 7515 §2). */
const BASE64URL = /^[A-Za-z0-9_-]+$/;

const decoder = new TextDecoder("utf-8", { fatal: true });

/** A key's buffers and running ciphers. */
export interface CbcHsLane {
  /** `K^ipad`, then room for AAD, IV, ciphertext and AL. */
  mac: NodeBytes;
  /** `K^opad`, then the inner digest. */
  outer: NodeBytes;
  /** Room for a padded plaintext. */
  plain: NodeBytes;
  /** A tag's 32 bytes, on their way to or from base64url. */
  tag: NodeBytes;
  cipher: Cipher;
  decipher: Cipher;
  /** The cipher's chaining value: the last ciphertext block it produced. */
  chain: NodeBytes;
  node: SyncCrypto;
  buffer: BufferCodec;
}

/**
 * Makes a key's lane: `macKey` is the first half of the 64-byte key, `encKey` the second.
 * Undefined where Node's crypto is missing or does not compute this module's operations right.
 */
export function cbcHsLane(macKey: Uint8Array, encKey: Uint8Array): CbcHsLane | undefined {
  if (!runtimeComputesRight()) return undefined;
  return makeLane(nodeCrypto()!, nodeBuffer()!, macKey, encKey);
}

function makeLane(node: SyncCrypto, buffer: BufferCodec, macKey: Uint8Array, encKey: Uint8Array): CbcHsLane {
  const mac = buffer.alloc(HASH_BLOCK + 1024);
  const outer = buffer.alloc(HASH_BLOCK + 64);
  mac.fill(0x36, 0, HASH_BLOCK);
  outer.fill(0x5c, 0, HASH_BLOCK);
  // The session keys are 32 bytes, well inside a block (a longer key would be hashed first).
  for (let i = 0; i < macKey.length; i++) {
    mac[i]! ^= macKey[i]!;
    outer[i]! ^= macKey[i]!;
  }
  const zeros = new Uint8Array(AES_BLOCK);
  const cipher = node.createCipheriv("aes-256-cbc", encKey, zeros).setAutoPadding(false);
  const decipher = node.createDecipheriv("aes-256-cbc", encKey, zeros).setAutoPadding(false);
  return {
    mac,
    outer,
    plain: buffer.alloc(1024),
    tag: buffer.alloc(TAG_BYTES),
    cipher,
    decipher,
    chain: buffer.alloc(AES_BLOCK),
    node,
    buffer,
  };
}

/** The key's MAC buffer if `length` bytes fit, else a larger one (kept when not oversized). */
function macRoom(lane: CbcHsLane, length: number): NodeBytes {
  if (length <= lane.mac.length) return lane.mac;
  const grown = lane.buffer.alloc(length);
  lane.mac.copy(grown, 0, 0, HASH_BLOCK);
  if (length <= KEEP_BYTES) lane.mac = grown;
  return grown;
}

function plainRoom(lane: CbcHsLane, length: number): NodeBytes {
  if (length <= lane.plain.length) return lane.plain;
  const grown = lane.buffer.alloc(length);
  if (length <= KEEP_BYTES) lane.plain = grown;
  return grown;
}

/**
 * Writes AL, the AAD's length in bits as 64 bits big-endian, at `offset`, and hashes the MAC
 * input up to it. Answers the 64-byte HMAC as a latin1 string.
 */
function hmac(lane: CbcHsLane, mac: NodeBytes, offset: number, aadLength: number): string {
  const bits = aadLength * 8;
  mac.writeUInt32BE(Math.floor(bits / 0x1_0000_0000), offset);
  mac.writeUInt32BE(bits >>> 0, offset + 4);
  const hash = lane.node.hash!;
  const inner = hash("sha512", mac.subarray(0, offset + 8), "latin1");
  lane.outer.write(inner, HASH_BLOCK, "latin1");
  return hash("sha512", lane.outer, "latin1");
}

/**
 * Encrypts `plaintext` with `iv` under the protected header `header` (base64url text, the AAD)
 * into a compact JWE.
 *
 * @throws Whatever the running cipher throws (the caller then drops the lane).
 */
export function encryptOnLane(lane: CbcHsLane, header: string, iv: Uint8Array, plaintext: string): string {
  // UTF-8 takes at most three bytes per UTF-16 unit; PKCS#7 adds up to a block.
  const plain = plainRoom(lane, plaintext.length * 3 + AES_BLOCK);
  const length = plain.write(plaintext, 0, "utf8");
  const padded = length + AES_BLOCK - (length % AES_BLOCK);
  plain.fill(padded - length, length, padded);
  const { chain } = lane;
  for (let i = 0; i < AES_BLOCK; i++) plain[i]! ^= iv[i]! ^ chain[i]!;
  const ciphertext = lane.cipher.update(plain.subarray(0, padded));
  ciphertext.copy(chain, 0, padded - AES_BLOCK);

  const ivAt = HASH_BLOCK + header.length;
  const ciphertextAt = ivAt + AES_BLOCK;
  const end = ciphertextAt + padded;
  const mac = macRoom(lane, end + 8);
  mac.write(header, HASH_BLOCK, "latin1");
  mac.set(iv, ivAt);
  mac.set(ciphertext, ciphertextAt);
  lane.tag.write(hmac(lane, mac, end, header.length), 0, TAG_BYTES, "latin1");
  return `${header}..${mac.toString("base64url", ivAt, ciphertextAt)}.${ciphertext.toString("base64url")}.${lane.tag.toString("base64url")}`;
}

/**
 * Decrypts a compact JWE's IV, ciphertext and tag parts under the protected header `header`.
 * Answers the plaintext, or null when a part is malformed, the tag does not verify (compared in
 * constant time before anything is decrypted, so no padding oracle), the padding is bad or the
 * plaintext is not UTF-8.
 *
 * @throws Whatever the running decipher throws (the caller then drops the lane).
 */
export function decryptOnLane(
  lane: CbcHsLane,
  header: string,
  ivPart: string,
  ciphertextPart: string,
  tagPart: string,
): string | null {
  if (ivPart.length !== IV_CHARS || tagPart.length !== TAG_CHARS || ciphertextPart.length % 4 === 1)
    return null;
  // Unpadded base64url: every four characters are three bytes, a remainder of 2 or 3 one or two.
  const ciphertextBytes = Math.floor((ciphertextPart.length * 3) / 4);
  if (ciphertextBytes === 0 || ciphertextBytes % AES_BLOCK !== 0) return null;
  // Buffer skips characters outside the alphabet; they must refuse the token instead.
  if (!BASE64URL.test(ivPart) || !BASE64URL.test(ciphertextPart) || !BASE64URL.test(tagPart)) return null;

  const ivAt = HASH_BLOCK + header.length;
  const ciphertextAt = ivAt + AES_BLOCK;
  const end = ciphertextAt + ciphertextBytes;
  const mac = macRoom(lane, end + 8);
  mac.write(header, HASH_BLOCK, "latin1");
  mac.write(ivPart, ivAt, AES_BLOCK, "base64url");
  mac.write(ciphertextPart, ciphertextAt, ciphertextBytes, "base64url");
  const expected = hmac(lane, mac, end, header.length);
  const given = lane.tag;
  given.write(tagPart, 0, TAG_BYTES, "base64url");
  let difference = 0;
  for (let i = 0; i < TAG_BYTES; i++) difference |= expected.charCodeAt(i) ^ given[i]!;
  if (difference !== 0) return null;

  // Output: a junk block (the IV deciphered), then the plaintext and its padding.
  const output = lane.decipher.update(mac.subarray(ivAt, end));
  const pad = output[output.length - 1]!;
  if (pad === 0 || pad > AES_BLOCK) return null;
  for (let i = output.length - pad; i < output.length; i++) if (output[i] !== pad) return null;
  try {
    return decoder.decode(output.subarray(AES_BLOCK, output.length - pad));
  } catch {
    return null;
  }
}

let verdict: boolean | undefined;

/** Whether this runtime's `node:crypto` and Buffer give, through a lane, what they give plainly. */
function runtimeComputesRight(): boolean {
  const node = nodeCrypto();
  const buffer = nodeBuffer();
  if (node === undefined || buffer === undefined) return false;
  verdict ??= laneMatchesPlainCrypto(node, buffer);
  return verdict;
}

function laneMatchesPlainCrypto(node: SyncCrypto, buffer: BufferCodec): boolean {
  if (typeof node.hash !== "function") return false;
  try {
    const key = new Uint8Array(64).map((_, i) => i * 3);
    const lane = makeLane(node, buffer, key.subarray(0, 32), key.subarray(32));
    const header = "eyJhbGciOiJkaXIifQ";
    for (const text of ['{"a":1}', `{"zoë":"${"x".repeat(40)}"}`]) {
      const iv = new Uint8Array(AES_BLOCK).map((_, i) => 200 - i * 7);
      const [, , ivPart, ciphertextPart, tagPart] = encryptOnLane(lane, header, iv, text).split(".");
      const cipher = node.createCipheriv("aes-256-cbc", key.subarray(32), iv);
      const ciphertext = buffer.concat([cipher.update(new TextEncoder().encode(text)), cipher.final()]);
      const al = buffer.alloc(8);
      al.writeUInt32BE(header.length * 8, 4);
      const tag = node
        .createHmac("sha512", key.subarray(0, 32))
        .update(header)
        .update(iv)
        .update(ciphertext)
        .update(al)
        .digest()
        .subarray(0, TAG_BYTES);
      if (
        ciphertextPart !== ciphertext.toString("base64url") ||
        ivPart !== buffer.from(iv).toString("base64url") ||
        tagPart !== tag.toString("base64url") ||
        decryptOnLane(lane, header, ivPart, ciphertextPart, tagPart) !== text
      )
        return false;
    }
    return true;
  } catch {
    return false;
  }
}
