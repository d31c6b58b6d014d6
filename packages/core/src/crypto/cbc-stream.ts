/**
 * AES-256-CBC on Node with one long-lived cipher per key and direction, instead of a new
 * `createCipheriv` per token.
 *
 * Why: setting up a cipher (a C++ object, the key schedule, the JavaScript wrapper) is about two
 * thirds of encrypting a session token, and a session server encrypts or decrypts one on most
 * requests. CBC carries one 16-byte chaining value from block to block, and a Node cipher keeps
 * it across `update()` calls; so a message with IV `iv` is encrypted on a running cipher whose
 * chaining value is `c` by XOR-ing `iv ^ c` into its first block (the cipher then XORs `c` back
 * in, leaving `P0 ^ iv`, exactly what a fresh cipher with that IV would encrypt). Decryption is
 * the mirror image: the first plaintext block comes out XOR-ed with the previous ciphertext block
 * instead of `iv`, and is corrected. The output is byte for byte that of a fresh cipher (the tests
 * compare them); nothing secret is involved in the correction (`c` is a ciphertext block).
 *
 * Padding is PKCS#7, added and checked here, as the running cipher has its own padding turned
 * off. `update()` is synchronous, so two messages never interleave on one cipher.
 */

/** The part of a Node cipher or decipher used here. */
export interface StreamCipher {
  update(data: Uint8Array): Uint8Array;
  setAutoPadding(enabled: boolean): unknown;
}

/** A running cipher and the chaining value its next block will be XOR-ed with. */
export interface CbcStream {
  cipher: StreamCipher;
  chain: Uint8Array;
}

const BLOCK = 16;

/**
 * Starts a running cipher: `create` is `createCipheriv` or `createDecipheriv` bound to the key,
 * given an all-zero IV, which becomes the first chaining value.
 */
export function cbcStream(create: (iv: Uint8Array) => StreamCipher): CbcStream {
  const chain = new Uint8Array(BLOCK);
  const cipher = create(chain);
  cipher.setAutoPadding(false);
  return { cipher, chain: chain.slice() };
}

/** CBC-encrypts `plaintext` with `iv` (PKCS#7 padded) on the running cipher. */
export function encryptOn(stream: CbcStream, iv: Uint8Array, plaintext: Uint8Array): Uint8Array {
  const pad = BLOCK - (plaintext.length % BLOCK);
  const input = new Uint8Array(plaintext.length + pad);
  input.set(plaintext, 0);
  input.fill(pad, plaintext.length);
  const { chain } = stream;
  for (let i = 0; i < BLOCK; i++) input[i]! ^= iv[i]! ^ chain[i]!;
  const output = stream.cipher.update(input);
  chain.set(output.subarray(output.length - BLOCK));
  return output;
}

/**
 * CBC-decrypts `ciphertext` (a non-empty multiple of 16 bytes) with `iv` on the running
 * decipher. Returns the plaintext, or null when the PKCS#7 padding is malformed.
 */
export function decryptOn(stream: CbcStream, iv: Uint8Array, ciphertext: Uint8Array): Uint8Array | null {
  const output = stream.cipher.update(ciphertext);
  const { chain } = stream;
  for (let i = 0; i < BLOCK; i++) output[i]! ^= chain[i]! ^ iv[i]!;
  chain.set(ciphertext.subarray(ciphertext.length - BLOCK));
  const pad = output[output.length - 1]!;
  if (pad === 0 || pad > BLOCK) return null;
  for (let i = output.length - pad; i < output.length; i++) if (output[i] !== pad) return null;
  return output.subarray(0, output.length - pad);
}
