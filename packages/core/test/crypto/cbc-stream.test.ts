/**
 * A running AES-CBC cipher, corrected per message, must give exactly what a fresh cipher with
 * the message's IV gives, however messages of any length follow one another.
 */
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { cbcStream, decryptOn, encryptOn } from "@portcullis/core/crypto/cbc-stream";
import { describe, expect, it } from "vitest";

const key = randomBytes(32);
const running = () => ({
  encrypt: cbcStream((iv) => createCipheriv("aes-256-cbc", key, iv)),
  decrypt: cbcStream((iv) => createDecipheriv("aes-256-cbc", key, iv)),
});

function freshEncrypt(iv: Uint8Array, plaintext: Uint8Array): Buffer {
  const cipher = createCipheriv("aes-256-cbc", key, iv);
  return Buffer.concat([cipher.update(plaintext), cipher.final()]);
}

describe("a running CBC cipher", () => {
  it("encrypts each of a run of messages (0 to 80 bytes) as a fresh cipher with its IV does", () => {
    const { encrypt } = running();
    for (let length = 0; length <= 80; length++) {
      const iv = randomBytes(16);
      const plaintext = randomBytes(length);
      expect(Buffer.from(encryptOn(encrypt, iv, plaintext))).toEqual(freshEncrypt(iv, plaintext));
    }
  });

  it("decrypts each of a run of messages made by fresh ciphers, interleaved with encryptions", () => {
    const { encrypt, decrypt } = running();
    for (let length = 0; length <= 80; length++) {
      const iv = randomBytes(16);
      const plaintext = randomBytes(length);
      const decrypted = decryptOn(decrypt, iv, freshEncrypt(iv, plaintext));
      expect(decrypted && Buffer.from(decrypted)).toEqual(plaintext);
      encryptOn(encrypt, randomBytes(16), randomBytes(length));
    }
  });

  it("reads back what it encrypted", () => {
    const { encrypt, decrypt } = running();
    const iv = randomBytes(16);
    const plaintext = new TextEncoder().encode('{"sub":"42","name":"Zoë"}');
    const decrypted = decryptOn(decrypt, iv, encryptOn(encrypt, iv, plaintext));
    expect(new TextDecoder().decode(decrypted!)).toBe('{"sub":"42","name":"Zoë"}');
  });

  it.each([
    ["a zero pad byte", 0],
    ["a pad byte over 16", 17],
  ])("answers null for %s, and the next message still decrypts", (_, padByte) => {
    const { decrypt } = running();
    const iv = randomBytes(16);
    // Encrypt a block with padding turned off, so its last byte is whatever we choose.
    const block = randomBytes(16);
    block[15] = padByte;
    const raw = createCipheriv("aes-256-cbc", key, iv).setAutoPadding(false).update(block);
    expect(decryptOn(decrypt, iv, raw)).toBeNull();
    const nextIv = randomBytes(16);
    expect(Buffer.from(decryptOn(decrypt, nextIv, freshEncrypt(nextIv, Buffer.from("ok")))!)).toEqual(
      Buffer.from("ok"),
    );
  });

  it("answers null when the pad bytes disagree", () => {
    const { decrypt } = running();
    const iv = randomBytes(16);
    const block = Buffer.alloc(16, 3);
    block[14] = 2;
    const raw = createCipheriv("aes-256-cbc", key, iv).setAutoPadding(false).update(block);
    expect(decryptOn(decrypt, iv, raw)).toBeNull();
  });
});
