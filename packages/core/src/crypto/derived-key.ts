/**
 * Session-JWT keys derived from a secret: HKDF-SHA256(secret, salt, "Auth.js Generated Encryption
 * Key (<salt>)"), 64 bytes for A256CBC-HS512 (32 for A256GCM), with the RFC 7638 thumbprint as
 * `kid`. Deriving takes an import, an HKDF and a digest, and every session
 * request needs the key, so each is computed once per (enc, salt, secret) and cached.
 */
import { calculateJwkThumbprint } from "jose";
import { type CbcHsKey, cbcHsKey } from "./jwe";
import { base64urlEncode } from "./primitives";

/** The content encryptions a session JWT may use. */
export type Enc = "A256CBC-HS512" | "A256GCM";

/** A derived key: raw bytes, thumbprint, and for CBC-HS the imported keys. */
export interface DerivedKey {
  raw: Uint8Array;
  kid: string;
  /** Present for A256CBC-HS512. */
  cbc?: CbcHsKey;
}

const KEY_BYTES: Record<Enc, number> = { "A256CBC-HS512": 64, A256GCM: 32 };
const KEY_CACHE_LIMIT = 100;
const encoder = new TextEncoder();

// The promise is cached, so concurrent first requests share one derivation. Bounded: past the
// limit the oldest entry goes, so configurations built per request cannot grow it without end.
const keyCache = new Map<string, Promise<DerivedKey>>();

/**
 * The last key asked for. A deployment decodes and re-encodes its session cookie with one
 * secret and one salt, so most calls ask for the same key again; comparing the three strings
 * (usually the very same string objects) is cheaper than building and hashing the cache id.
 */
let last: { secret: string; salt: string; enc: Enc; key: Promise<DerivedKey> } | undefined;

/** The key for (secret, salt, enc), derived on first use. */
export function derivedKey(secret: string, salt: string, enc: Enc): Promise<DerivedKey> {
  if (last !== undefined && last.secret === secret && last.salt === salt && last.enc === enc) return last.key;
  const key = cachedKey(secret, salt, enc);
  last = { secret, salt, enc, key };
  return key;
}

function cachedKey(secret: string, salt: string, enc: Enc): Promise<DerivedKey> {
  // The salt's length makes the id unambiguous whatever characters salt and secret contain.
  const id = `${enc}:${salt.length}:${salt}${secret}`;
  let entry = keyCache.get(id);
  if (entry === undefined) {
    entry = deriveKey(secret, salt, enc);
    if (keyCache.size >= KEY_CACHE_LIMIT) keyCache.delete(keyCache.keys().next().value!);
    keyCache.set(id, entry);
    const settled = entry;
    settled.catch(() => {
      if (keyCache.get(id) === settled) keyCache.delete(id);
      if (last?.key === settled) last = undefined;
    });
  }
  return entry;
}

async function deriveKey(secret: string, salt: string, enc: Enc): Promise<DerivedKey> {
  const length = KEY_BYTES[enc];
  const ikm = await crypto.subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveBits"]);
  const info = encoder.encode(`Auth.js Generated Encryption Key (${salt})`);
  const bits = await crypto.subtle.deriveBits(
    { name: "HKDF", hash: "SHA-256", salt: encoder.encode(salt), info },
    ikm,
    length * 8,
  );
  const raw = new Uint8Array(bits);
  const kid = await calculateJwkThumbprint(
    { kty: "oct", k: base64urlEncode(raw) },
    length === 64 ? "sha512" : "sha256",
  );
  return { raw, kid, cbc: enc === "A256CBC-HS512" ? cbcHsKey(raw, kid) : undefined };
}
