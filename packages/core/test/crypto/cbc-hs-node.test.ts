/**
 * A key's Node lane (running ciphers, prepared HMAC blocks, reused buffers) must give exactly
 * the JWE a fresh cipher and createHmac give, for any run of tokens, and refuse every malformed
 * or forged one without falling out of step for the next.
 */
import { createCipheriv, createHmac, randomBytes } from "node:crypto";
import { type CbcHsLane, cbcHsLane, decryptOnLane, encryptOnLane } from "@portcullis/core/crypto/cbc-hs-node";
import { afterEach, describe, expect, it, vi } from "vitest";

const key = randomBytes(64);
const macKey = key.subarray(0, 32);
const encKey = key.subarray(32);
const header = Buffer.from('{"alg":"dir","enc":"A256CBC-HS512","kid":"k1"}').toString("base64url");

/** The compact JWE a fresh cipher and createHmac make (RFC 7518 §5.2.2.1), padding optional. */
function plainJwe(iv: Buffer, plaintext: Buffer, options: { padding?: boolean; aad?: string } = {}): string {
  const cipher = createCipheriv("aes-256-cbc", encKey, iv).setAutoPadding(options.padding ?? true);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const aad = options.aad ?? header;
  const al = Buffer.alloc(8);
  al.writeBigUInt64BE(BigInt(aad.length * 8));
  const tag = createHmac("sha512", macKey).update(aad).update(iv).update(ciphertext).update(al).digest();
  return [
    aad,
    "",
    iv.toString("base64url"),
    ciphertext.toString("base64url"),
    tag.subarray(0, 32).toString("base64url"),
  ].join(".");
}

function decrypt(lane: CbcHsLane, token: string): string | null {
  const [head, , iv, ciphertext, tag] = token.split(".");
  return decryptOnLane(lane, head!, iv!, ciphertext!, tag!);
}

function lane(): CbcHsLane {
  const made = cbcHsLane(macKey, encKey);
  if (!made) throw new Error("this runtime has Node's crypto: the lane must be made");
  return made;
}

describe("a key's Node lane", () => {
  it("encrypts a run of plaintexts (0 to 80 bytes, and multi-byte UTF-8) as a fresh cipher and createHmac do", () => {
    const on = lane();
    const texts = Array.from({ length: 81 }, (_, n) => "x".repeat(n));
    texts.push("Zoë", "名前".repeat(30), "😀".repeat(17));
    for (const text of texts) {
      const iv = randomBytes(16);
      expect(encryptOnLane(on, header, iv, text)).toBe(plainJwe(iv, Buffer.from(text, "utf8")));
    }
  });

  it("decrypts tokens made by fresh ciphers, interleaved with its own encryptions, and reads back its own", () => {
    const on = lane();
    for (let n = 0; n <= 80; n++) {
      const text = `{"n":${n},"pad":"${"é".repeat(n)}"}`;
      expect(decrypt(on, plainJwe(randomBytes(16), Buffer.from(text)))).toBe(text);
      const own = encryptOnLane(on, header, randomBytes(16), text);
      expect(decrypt(on, own)).toBe(text);
    }
  });

  it("handles a token larger than the buffers it keeps, then small ones again", () => {
    const on = lane();
    const large = JSON.stringify({ blob: "y".repeat(40_000) });
    const token = encryptOnLane(on, header, randomBytes(16), large);
    expect(decrypt(on, token)).toBe(large);
    expect(decrypt(on, plainJwe(randomBytes(16), Buffer.from(large)))).toBe(large);
    const iv = randomBytes(16);
    expect(encryptOnLane(on, header, iv, "small")).toBe(plainJwe(iv, Buffer.from("small")));
  });

  it("authenticates the header it is given as the AAD", () => {
    const on = lane();
    const other = Buffer.from('{"alg":"dir","enc":"A256CBC-HS512"}').toString("base64url");
    const token = plainJwe(randomBytes(16), Buffer.from("{}"), { aad: other });
    expect(decrypt(on, token)).toBe("{}");
    const [, , iv, ciphertext, tag] = token.split(".");
    expect(decryptOnLane(on, header, iv!, ciphertext!, tag!)).toBeNull();
  });
});

describe("what the lane refuses", () => {
  const good = () => plainJwe(randomBytes(16), Buffer.from('{"sub":"1"}'));
  const withPart = (index: number, change: (part: string) => string) => () => {
    const parts = good().split(".");
    parts[index] = change(parts[index]!);
    return parts.join(".");
  };
  // Node decodes "+" and "/" as "-" and "_": a token respelled so must still be refused.
  const standardAlphabet = () => {
    for (;;) {
      const parts = good().split(".");
      if (/[-_]/.test(parts[3]!)) {
        parts[3] = parts[3]!.replaceAll("-", "+").replaceAll("_", "/");
        return parts.join(".");
      }
    }
  };
  const flip = (part: string, at = 5) =>
    `${part.slice(0, at)}${part[at] === "A" ? "B" : "A"}${part.slice(at + 1)}`;
  // A block whose padding is bad, under a valid tag: only the key's holder could make one.
  const rawBlock = (last: number[]) => () => {
    const block = Buffer.alloc(32, 0x41);
    block.set(last, 32 - last.length);
    return plainJwe(randomBytes(16), block, { padding: false });
  };

  it.each<[string, () => string]>([
    ["an IV one character short", withPart(2, (p) => p.slice(1))],
    ["an IV one character long", withPart(2, (p) => `${p}A`)],
    ["a tag one character short", withPart(4, (p) => p.slice(1))],
    ["a tag padded with =", withPart(4, (p) => `${p}=`)],
    ["a ciphertext not a whole number of blocks", withPart(3, (p) => p.slice(4))],
    ["a ciphertext of one stray character", withPart(3, (p) => `${p}A`)],
    ["an empty ciphertext", withPart(3, () => "")],
    ["a ciphertext respelled in the standard alphabet", standardAlphabet],
    ["a ciphertext with a space", withPart(3, (p) => ` ${p.slice(1)}`)],
    ["an IV ending in a non-ASCII character", withPart(2, (p) => `${p.slice(0, 21)}\u00e9`)],
    ["a flipped IV", withPart(2, (p) => flip(p))],
    ["a flipped ciphertext", withPart(3, (p) => flip(p))],
    ["a flipped tag", withPart(4, (p) => flip(p))],
    ["a changed header", withPart(0, (p) => flip(p, 3))],
    ["a zero pad byte", rawBlock([0])],
    ["a pad byte over 16", rawBlock([17])],
    ["pad bytes that disagree", rawBlock([2, 3, 3])],
    ["a plaintext that is not UTF-8", rawBlock([0xff, 0xfe, 2, 2])],
  ])("refuses %s, and the next token still decrypts", (_, make) => {
    const on = lane();
    expect(decrypt(on, make())).toBeNull();
    expect(decrypt(on, good())).toBe('{"sub":"1"}');
    const iv = randomBytes(16);
    expect(encryptOnLane(on, header, iv, "next")).toBe(plainJwe(iv, Buffer.from("next")));
  });
});

describe("on a runtime whose node:crypto falls short", () => {
  afterEach(() => {
    vi.doUnmock("../../src/crypto/node-crypto");
    vi.resetModules();
  });

  async function freshWith(change: (crypto: Record<string, unknown>) => void) {
    vi.resetModules();
    const real = await vi.importActual<typeof import("../../src/crypto/node-crypto")>(
      "../../src/crypto/node-crypto",
    );
    const crypto = { ...(real.nodeCrypto() as unknown as Record<string, unknown>) };
    change(crypto);
    vi.doMock("../../src/crypto/node-crypto", () => ({ ...real, nodeCrypto: () => crypto }));
    return import("../../src/crypto/cbc-hs-node");
  }

  it("makes no lane without a one-shot digest", async () => {
    const fresh = await freshWith((crypto) => {
      delete crypto.hash;
    });
    expect(fresh.cbcHsLane(macKey, encKey)).toBeUndefined();
  });

  it("makes no lane when the one-shot digest answers differently", async () => {
    const fresh = await freshWith((crypto) => {
      const hash = crypto.hash as (...args: unknown[]) => string;
      crypto.hash = (algorithm: string, data: Uint8Array) => hash(algorithm, data, "hex");
    });
    expect(fresh.cbcHsLane(macKey, encKey)).toBeUndefined();
  });
});
