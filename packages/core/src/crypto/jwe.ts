/**
 * Compact JWE with `alg: "dir"` and `enc: "A256CBC-HS512"` (RFC 7516, RFC 7518 §5.2), over keys
 * prepared once.
 *
 * Why not jose for this one format: the session cookie is decrypted and re-encrypted on every
 * session request, and jose imports the AES and HMAC keys from raw bytes on each call (it cannot
 * take prepared keys for CBC-HS), about seven Web Crypto calls per decrypt. Here a decrypt is one
 * HMAC and one AES-CBC operation, an encrypt the same two, done synchronously where the runtime
 * offers Node's crypto (see node-crypto.ts) and with Web Crypto elsewhere. Everything else (key
 * thumbprints, A256GCM tokens) stays with jose, and the interop tests check this module's output
 * against jose/@auth/core in both directions, on both backends.
 */

import { type CbcHsLane, cbcHsLane, decryptOnLane, encryptOnLane } from "./cbc-hs-node";
import { nodeCrypto } from "./node-crypto";
import { base64urlDecode, base64urlEncode } from "./primitives";
import { randomBytes } from "./random";

/** A 64-byte CBC-HS512 key, split once (RFC 7518 §5.2.2.1): MAC key first, encryption key second. */
export interface CbcHsKey {
  macKey: Uint8Array;
  encKey: Uint8Array;
  /** The Web Crypto keys, imported on first use of the Web Crypto path. */
  webKeys?: Promise<{ mac: CryptoKey; enc: CryptoKey }>;
  /** Node's buffers and running ciphers for this key (cbc-hs-node.ts), made on first use; null where the runtime cannot. */
  lane?: CbcHsLane | null;
  /** The protected header for this key, base64url-encoded (it is the same for every token). */
  header: string;
  /** The header as ASCII bytes: the additional authenticated data. */
  aad: Uint8Array;
  /** The AAD's length in bits as 8 big-endian bytes, the last input of the tag. */
  al: Uint8Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/** Prepares a 64-byte key for `dir` + `A256CBC-HS512` and its header. */
export function cbcHsKey(raw: Uint8Array, kid: string): CbcHsKey {
  const header = base64urlEncode(JSON.stringify({ alg: "dir", enc: "A256CBC-HS512", kid }));
  const aad = encoder.encode(header);
  return { macKey: raw.slice(0, 32), encKey: raw.slice(32, 64), header, aad, al: aadLength(aad) };
}

/** The key's Node lane, where the runtime has Node's crypto and computes it right. */
function laneOf(key: CbcHsKey): CbcHsLane | undefined {
  if (nodeCrypto() === undefined) return undefined;
  if (key.lane === undefined) key.lane = cbcHsLane(key.macKey, key.encKey) ?? null;
  return key.lane ?? undefined;
}

/**
 * Runs `operation` on the key's lane. A lane whose cipher throws is dropped, so a running
 * cipher's chaining value can never fall out of step with later messages.
 */
function onLane<T>(key: CbcHsKey, lane: CbcHsLane, operation: (lane: CbcHsLane) => T): T {
  try {
    return operation(lane);
  } catch (error) {
    key.lane = undefined;
    throw error;
  }
}

function webKeys(key: CbcHsKey): Promise<{ mac: CryptoKey; enc: CryptoKey }> {
  key.webKeys ??= Promise.all([
    crypto.subtle.importKey(
      "raw",
      key.macKey as Uint8Array<ArrayBuffer>,
      { name: "HMAC", hash: "SHA-512" },
      false,
      ["sign"],
    ),
    crypto.subtle.importKey("raw", key.encKey as Uint8Array<ArrayBuffer>, "AES-CBC", false, [
      "encrypt",
      "decrypt",
    ]),
  ]).then(([mac, enc]) => ({ mac, enc }));
  return key.webKeys;
}

/** The additional-authenticated-data length in bits, as 8 big-endian bytes. */
function aadLength(aad: Uint8Array): Uint8Array {
  const al = new Uint8Array(8);
  new DataView(al.buffer).setBigUint64(0, BigInt(aad.length * 8));
  return al;
}

/** The authentication tag with Web Crypto: the first 32 bytes of HMAC-SHA-512(AAD || IV || ciphertext || AL). */
async function webTag(
  key: CbcHsKey,
  aad: Uint8Array,
  iv: Uint8Array,
  ciphertext: Uint8Array,
): Promise<Uint8Array> {
  const al = aad === key.aad ? key.al : aadLength(aad);
  const input = new Uint8Array(aad.length + iv.length + ciphertext.length + 8);
  input.set(aad, 0);
  input.set(iv, aad.length);
  input.set(ciphertext, aad.length + iv.length);
  input.set(al, input.length - 8);
  return new Uint8Array(await crypto.subtle.sign("HMAC", (await webKeys(key)).mac, input), 0, 32);
}

/** Encrypts a plaintext into a compact JWE under the key's header. */
export async function encryptCompact(key: CbcHsKey, plaintext: string): Promise<string> {
  const iv = randomBytes(16);
  const lane = laneOf(key);
  if (lane) return onLane(key, lane, (on) => encryptOnLane(on, key.header, iv, plaintext));
  const params = { name: "AES-CBC", iv: iv as Uint8Array<ArrayBuffer> };
  const { enc } = await webKeys(key);
  const ciphertext = new Uint8Array(await crypto.subtle.encrypt(params, enc, encoder.encode(plaintext)));
  const t = await webTag(key, key.aad, iv, ciphertext);
  return `${key.header}..${base64urlEncode(iv)}.${base64urlEncode(ciphertext)}.${base64urlEncode(t)}`;
}

/**
 * Decrypts a compact JWE (given as its five parts) with the key its header selected. Returns the
 * plaintext, or null when the tag does not verify or anything is malformed. The tag is compared in
 * constant time before any decryption, so a tampered ciphertext is never decrypted (no padding
 * oracle).
 */
export async function decryptCompact(key: CbcHsKey, parts: string[]): Promise<string | null> {
  const [header, encryptedKey, ivPart, ciphertextPart, tagPart] = parts;
  if (parts.length !== 5 || encryptedKey !== "" || !header || !ivPart || !ciphertextPart || !tagPart)
    return null;
  const lane = laneOf(key);
  if (lane) return onLane(key, lane, (on) => decryptOnLane(on, header, ivPart, ciphertextPart, tagPart));
  let iv: Uint8Array;
  let ciphertext: Uint8Array;
  let given: Uint8Array;
  try {
    iv = base64urlDecode(ivPart);
    ciphertext = base64urlDecode(ciphertextPart);
    given = base64urlDecode(tagPart);
  } catch {
    return null;
  }
  if (iv.length !== 16 || given.length !== 32 || ciphertext.length === 0 || ciphertext.length % 16 !== 0)
    return null;
  const expected = await webTag(
    key,
    header === key.header ? key.aad : encoder.encode(header),
    iv,
    ciphertext,
  );
  let diff = 0;
  for (let i = 0; i < 32; i++) diff |= expected[i]! ^ given[i]!;
  if (diff !== 0) return null;
  let plaintext: Uint8Array;
  try {
    const params = { name: "AES-CBC", iv: iv as Uint8Array<ArrayBuffer> };
    const { enc } = await webKeys(key);
    plaintext = new Uint8Array(
      await crypto.subtle.decrypt(params, enc, ciphertext as Uint8Array<ArrayBuffer>),
    );
  } catch {
    return null;
  }
  try {
    return decoder.decode(plaintext);
  } catch {
    return null;
  }
}
