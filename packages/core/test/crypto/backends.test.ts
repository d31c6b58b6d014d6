/**
 * The two crypto backends (Node's synchronous crypto where the runtime has it, Web Crypto
 * everywhere) make and read the same tokens and hashes, and both interoperate with Auth.js.
 */
import { decode as authjsDecode, encode as authjsEncode } from "@auth/core/jwt";
import { nodeBuffer, nodeCrypto, useSyncCrypto } from "@portcullis/core/crypto/node-crypto";
import { base64urlDecode, base64urlEncode, sha256Hex } from "@portcullis/core/crypto/primitives";
import { decode, encode } from "@portcullis/core/jwt";
import { afterAll, describe, expect, it } from "vitest";

const secret = "backend-test-secret-backend-test-secret";
const salt = "__Secure-authjs.session-token";

afterAll(() => useSyncCrypto(true));

it("finds Node's synchronous crypto and Buffer on this runtime", () => {
  useSyncCrypto(true);
  expect(nodeCrypto()).toBeDefined();
  expect(nodeBuffer()).toBeDefined();
});

describe.each([
  ["sync crypto", true],
  ["Web Crypto", false],
])("on %s", (_name, sync) => {
  it("encodes tokens that Auth.js decodes", async () => {
    useSyncCrypto(sync);
    const token = await encode({ token: { sub: "u1", name: "Ann" }, secret, salt });
    expect(await authjsDecode({ token, secret, salt })).toMatchObject({ sub: "u1", name: "Ann" });
  });

  it("decodes tokens that Auth.js encodes", async () => {
    useSyncCrypto(sync);
    const token = await authjsEncode({ token: { sub: "u2" }, secret, salt });
    expect(await decode({ token, secret, salt })).toMatchObject({ sub: "u2" });
  });

  it("refuses a token with a flipped ciphertext or tag byte", async () => {
    useSyncCrypto(sync);
    const parts = (await authjsEncode({ token: { sub: "u3" }, secret, salt })).split(".");
    for (const index of [3, 4]) {
      const copy = [...parts];
      const segment = copy[index]!;
      copy[index] = `${segment[0] === "A" ? "B" : "A"}${segment.slice(1)}`;
      expect(await decode({ token: copy.join("."), secret, salt })).toBeNull();
    }
  });

  it("codes base64url as RFC 4648 does (section 10 vectors, URL-safe alphabet, no padding)", () => {
    useSyncCrypto(sync);
    for (const [text, encoded] of [
      ["", ""],
      ["f", "Zg"],
      ["fo", "Zm8"],
      ["foo", "Zm9v"],
      ["foob", "Zm9vYg"],
      ["fooba", "Zm9vYmE"],
      ["foobar", "Zm9vYmFy"],
    ] as const) {
      expect(base64urlEncode(text)).toBe(encoded);
      expect(new TextDecoder().decode(base64urlDecode(encoded))).toBe(text);
    }
    const bytes = new Uint8Array([251, 255, 191, 0]);
    expect(base64urlEncode(bytes.subarray(1, 3))).toBe("_78");
    expect(base64urlDecode("-_-_")).toEqual(new Uint8Array([251, 255, 191]));
    expect(base64urlDecode("Zm8=")).toEqual(new TextEncoder().encode("fo"));
  });

  it.each(["Zm9v!", "Zm+v", "Zm/v", "Z=m9", "Zm9vY", "Zm9v%3D"])(
    "refuses %j as base64url with a TypeError",
    (input) => {
      useSyncCrypto(sync);
      expect(() => base64urlDecode(input)).toThrow(TypeError);
    },
  );

  it("decodes to a plain Uint8Array whose slice() copies", () => {
    useSyncCrypto(sync);
    const bytes = base64urlDecode("AQID");
    expect(Object.getPrototypeOf(bytes)).toBe(Uint8Array.prototype);
    const copy = bytes.slice(0, 1);
    copy[0] = 9;
    expect(bytes[0]).toBe(1);
  });

  it("hashes with SHA-256 (FIPS 180-2 test vector)", async () => {
    useSyncCrypto(sync);
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
