/** The plaintext cache skips decryption only for exact tokens this process has verified. */

import { useSyncCrypto } from "@portcullis/core/crypto/node-crypto";
import { decode, encode } from "@portcullis/core/jwt";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

const salt = "authjs.session-token";
const secret = "cache-test-secret-cache-test-secret-1";

// On the Web Crypto backend, so the spies below see every decryption.
beforeAll(() => useSyncCrypto(false));
afterAll(() => useSyncCrypto(true));
afterEach(() => vi.restoreAllMocks());

describe("plaintext cache", () => {
  it("decrypts a token this process encoded on its first two reads, then answers from the cache", async () => {
    const token = await encode({ token: { sub: "u1" }, secret, salt });
    const decrypt = vi.spyOn(crypto.subtle, "decrypt");
    for (let read = 0; read < 5; read++)
      expect(await decode({ token, secret, salt })).toMatchObject({ sub: "u1" });
    expect(decrypt).toHaveBeenCalledTimes(2);
  });

  it("decrypts a foreign token twice, then answers it from the cache", async () => {
    const { encode: authjsEncode } = await import("@auth/core/jwt");
    const token = await authjsEncode({ token: { sub: "u2" }, secret, salt });
    const decrypt = vi.spyOn(crypto.subtle, "decrypt");
    for (let read = 0; read < 4; read++) await decode({ token, secret, salt });
    expect(decrypt).toHaveBeenCalledTimes(2);
  });

  it("still refuses a cached token once it has expired", async () => {
    const now = Date.UTC(2026, 0, 1);
    const token = await encode({ token: { sub: "u1" }, secret, salt, maxAge: 60, now });
    expect(await decode({ token, secret, salt, now })).not.toBeNull();
    expect(await decode({ token, secret, salt, now: now + 60_000 + 16_000 })).toBeNull();
  });

  it("stops answering a cached token when its secret leaves the configuration", async () => {
    const token = await encode({ token: { sub: "u1" }, secret, salt });
    expect(
      await decode({ token, secret: ["another-secret-another-secret-another", secret], salt }),
    ).not.toBeNull();
    expect(await decode({ token, secret: "another-secret-another-secret-another", salt })).toBeNull();
  });

  it("never answers a tampered variant of a cached token", async () => {
    const token = await encode({ token: { sub: "u1" }, secret, salt });
    const parts = token.split(".");
    parts[3] = `${parts[3]!.slice(0, -2)}${parts[3]!.endsWith("AA") ? "BB" : "AA"}`;
    expect(await decode({ token: parts.join("."), secret, salt })).toBeNull();
  });

  it("answers a fresh object each time, so a caller's mutation does not leak into the next read", async () => {
    const token = await encode({ token: { sub: "u1", roles: ["a"] }, secret, salt });
    const first = (await decode({ token, secret, salt })) as { roles: string[] };
    first.roles.push("admin");
    expect(await decode({ token, secret, salt })).toMatchObject({ roles: ["a"] });
  });
});
