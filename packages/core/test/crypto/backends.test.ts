/**
 * The two crypto backends (Node's synchronous crypto where the runtime has it, Web Crypto
 * everywhere) make and read the same tokens and hashes, and both interoperate with Auth.js.
 */
import { decode as authjsDecode, encode as authjsEncode } from "@auth/core/jwt";
import { nodeCrypto, useSyncCrypto } from "@portcullis/core/crypto/node-crypto";
import { sha256Hex } from "@portcullis/core/http/crypto";
import { decode, encode } from "@portcullis/core/jwt";
import { afterAll, describe, expect, it } from "vitest";

const secret = "backend-test-secret-backend-test-secret";
const salt = "__Secure-authjs.session-token";

afterAll(() => useSyncCrypto(true));

it("finds Node's synchronous crypto on this runtime", () => {
  useSyncCrypto(true);
  expect(nodeCrypto()).toBeDefined();
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

  it("hashes with SHA-256 (FIPS 180-2 test vector)", async () => {
    useSyncCrypto(sync);
    expect(await sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });
});
