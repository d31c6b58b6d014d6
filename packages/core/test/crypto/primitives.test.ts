import { describe, expect, it } from "vitest";
import {
  base64urlDecode,
  base64urlEncode,
  randomHex,
  sha256Hex,
  timingSafeEqual,
} from "../../src/crypto/primitives";

describe("sha256Hex", () => {
  it("matches the FIPS 180-2 test vector for 'abc'", async () => {
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("hashes the empty string to the well-known digest", async () => {
    expect(await sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  });

  it("hashes non-ASCII text as its UTF-8 bytes", async () => {
    // "é" is the two bytes c3 a9 in UTF-8.
    expect(await sha256Hex("é")).toBe("4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c");
  });
});

describe("randomHex", () => {
  it("returns two lowercase hex digits per requested byte", () => {
    expect(randomHex(32)).toMatch(/^[0-9a-f]{64}$/);
    expect(randomHex(1)).toMatch(/^[0-9a-f]{2}$/);
    expect(randomHex(0)).toBe("");
  });

  it("returns a different value on every call", () => {
    const values = new Set(Array.from({ length: 100 }, () => randomHex(16)));
    expect(values.size).toBe(100);
  });

  it("uses every hex digit across many draws (bytes are not truncated or biased to a subset)", () => {
    const digits = new Set(randomHex(4096));
    expect([...digits].sort().join("")).toBe("0123456789abcdef");
  });
});

describe("timingSafeEqual", () => {
  const cases: Array<[string, string, string, boolean]> = [
    ["identical strings", "a1b2c3", "a1b2c3", true],
    ["two empty strings", "", "", true],
    ["a difference in the first character", "x1b2c3", "a1b2c3", false],
    ["a difference in the last character", "a1b2c4", "a1b2c3", false],
    ["a strict prefix", "a1b2c", "a1b2c3", false],
    ["a longer string with the other as prefix", "a1b2c3d", "a1b2c3", false],
    ["empty against non-empty", "", "a", false],
    ["strings padded with NUL to look equal", "ab\u0000", "ab", false],
    ["different non-ASCII characters", "é", "è", false],
    ["identical non-ASCII strings", "ключ", "ключ", true],
  ];
  for (const [title, a, b, expected] of cases) {
    it(`answers ${expected} for ${title}`, () => {
      expect(timingSafeEqual(a, b)).toBe(expected);
      expect(timingSafeEqual(b, a)).toBe(expected);
    });
  }
});

describe("base64url", () => {
  it("encodes bytes without padding using the URL-safe alphabet", () => {
    expect(base64urlEncode(new Uint8Array([251, 255]))).toBe("-_8");
    expect(base64urlEncode("hello")).toBe("aGVsbG8");
  });

  it("decodes what it encodes", () => {
    const bytes = crypto.getRandomValues(new Uint8Array(67));
    expect(base64urlDecode(base64urlEncode(bytes))).toEqual(bytes);
  });

  it("rejects text outside the base64url alphabet with a TypeError that does not repeat the input", () => {
    expect(() => base64urlDecode("secret+token/!")).toThrow(TypeError);
    try {
      base64urlDecode("secret+token/!");
    } catch (error) {
      expect((error as Error).message).not.toContain("secret");
    }
  });
});
