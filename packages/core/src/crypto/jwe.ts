/**
 * Compact JWE with `alg: "dir"` and `enc: "A256CBC-HS512"` (RFC 7516, RFC 7518 §5.2), over keys
 * imported once.
 *
 * Why not jose for this one format: the session cookie is decrypted and re-encrypted on every
 * session request, and jose imports the AES and HMAC keys from raw bytes on each call (it cannot
 * take prepared keys for CBC-HS), which makes about seven Web Crypto calls per decrypt. Here a
 * decrypt is one HMAC and one AES-CBC call, an encrypt the same two. Everything else (key
 * thumbprints, A256GCM tokens) stays with jose, and the interop tests check this module's output
 * against jose/@auth/core in both directions.
 */
import { base64url } from "jose";

/** A 64-byte CBC-HS512 key, split and imported once (RFC 7518 §5.2.2.1). */
export interface CbcHsKey {
  /** The first half: the HMAC-SHA-512 key. */
  mac: CryptoKey;
  /** The second half: the AES-256-CBC key. */
  enc: CryptoKey;
  /** The protected header for this key, already base64url-encoded (it is the same for every token). */
  header: string;
  /** The header as ASCII bytes: the additional authenticated data. */
  aad: Uint8Array;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder("utf-8", { fatal: true });

/** Imports a 64-byte key for `dir` + `A256CBC-HS512` and prepares its header. */
export async function importCbcHsKey(raw: Uint8Array, kid: string): Promise<CbcHsKey> {
  const header = base64url.encode(JSON.stringify({ alg: "dir", enc: "A256CBC-HS512", kid }));
  const aad = encoder.encode(header);
  const [mac, enc] = await Promise.all([
    crypto.subtle.importKey("raw", raw.slice(0, 32), { name: "HMAC", hash: "SHA-512" }, false, ["sign"]),
    crypto.subtle.importKey("raw", raw.slice(32, 64), "AES-CBC", false, ["encrypt", "decrypt"]),
  ]);
  return { mac, enc, header, aad };
}

/** The authentication tag: the first 32 bytes of HMAC-SHA-512(AAD || IV || ciphertext || AL). */
async function tag(
  key: CbcHsKey,
  aad: Uint8Array,
  iv: Uint8Array,
  ciphertext: Uint8Array,
): Promise<Uint8Array> {
  const input = new Uint8Array(aad.length + iv.length + ciphertext.length + 8);
  input.set(aad, 0);
  input.set(iv, aad.length);
  input.set(ciphertext, aad.length + iv.length);
  const al = new Uint8Array(8);
  new DataView(al.buffer).setBigUint64(0, BigInt(aad.length * 8));
  input.set(al, input.length - 8);
  return new Uint8Array(await crypto.subtle.sign("HMAC", key.mac, input), 0, 32);
}

/** Encrypts a plaintext into a compact JWE under the key's header. */
export async function encryptCompact(key: CbcHsKey, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(16));
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt({ name: "AES-CBC", iv }, key.enc, encoder.encode(plaintext)),
  );
  const t = await tag(key, key.aad, iv, ciphertext);
  return `${key.header}..${base64url.encode(iv)}.${base64url.encode(ciphertext)}.${base64url.encode(t)}`;
}

/**
 * Decrypts a compact JWE whose five parts are given, with the key its header selected. Returns the
 * plaintext, or null when the tag does not verify or anything is malformed. The tag is compared
 * in constant time, before any decryption (so no padding oracle).
 */
export async function decryptCompact(key: CbcHsKey, parts: string[]): Promise<string | null> {
  const [header, encryptedKey, ivPart, ciphertextPart, tagPart] = parts;
  if (parts.length !== 5 || encryptedKey !== "" || !header || !ivPart || !ciphertextPart || !tagPart)
    return null;
  let iv: Uint8Array<ArrayBuffer>;
  let ciphertext: Uint8Array<ArrayBuffer>;
  let given: Uint8Array;
  try {
    iv = base64url.decode(ivPart) as Uint8Array<ArrayBuffer>;
    ciphertext = base64url.decode(ciphertextPart) as Uint8Array<ArrayBuffer>;
    given = base64url.decode(tagPart);
  } catch {
    return null;
  }
  if (iv.length !== 16 || given.length !== 32 || ciphertext.length === 0 || ciphertext.length % 16 !== 0)
    return null;
  const aad = header === key.header ? key.aad : encoder.encode(header);
  const expected = await tag(key, aad, iv, ciphertext);
  let diff = 0;
  for (let i = 0; i < 32; i++) diff |= expected[i]! ^ given[i]!;
  if (diff !== 0) return null;
  try {
    return decoder.decode(await crypto.subtle.decrypt({ name: "AES-CBC", iv }, key.enc, ciphertext));
  } catch {
    return null;
  }
}
