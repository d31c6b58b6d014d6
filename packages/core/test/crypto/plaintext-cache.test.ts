/** The plaintext cache skips decryption only for exact tokens this process has verified. */

import { useSyncCrypto } from "@portcullis/core/crypto/node-crypto";
import { seenSlot } from "@portcullis/core/crypto/plaintext-cache";
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

  describe("with many tokens", () => {
    const COUNT = 300;
    let tokens: string[];
    beforeAll(async () => {
      tokens = await Promise.all(
        Array.from({ length: COUNT }, (_, i) => encode({ token: { sub: `many-${i}` }, secret, salt })),
      );
    });

    it("spreads a few hundred tokens over most of the table's 1,024 slots", () => {
      // Uniform slots would give about 1024 * (1 - e^(-300/1024)) = 261 distinct ones; the
      // fingerprint's raw low bits reached at most 128.
      expect(new Set(tokens.map(seenSlot)).size).toBeGreaterThan(220);
    });

    it("answers most of a few hundred interleaved tokens from the cache on their third read", async () => {
      for (let pass = 0; pass < 2; pass++) for (const token of tokens) await decode({ token, secret, salt });
      const decrypt = vi.spyOn(crypto.subtle, "decrypt");
      for (const token of tokens) expect(await decode({ token, secret, salt })).not.toBeNull();
      // A direct-mapped table loses some tokens to a later one in the same slot; most survive.
      expect(decrypt.mock.calls.length).toBeLessThan(COUNT / 2);
    });
  });

  it("bounds each key's cache by characters held, not only by entries", async () => {
    // Eight tokens of about 470,000 characters each (claim plus its encryption) against a budget
    // of 1,048,576: far under the 1,024-entry bound, yet only two fit at a time.
    const big = "x".repeat(200_000);
    const tokens = await Promise.all(
      Array.from({ length: 8 }, (_, i) => encode({ token: { sub: `big-${i}`, big }, secret, salt })),
    );
    for (const token of tokens) for (let read = 0; read < 2; read++) await decode({ token, secret, salt });
    const decrypt = vi.spyOn(crypto.subtle, "decrypt");
    expect(await decode({ token: tokens[7]!, secret, salt })).toMatchObject({ sub: "big-7" });
    expect(decrypt).toHaveBeenCalledTimes(0);
    expect(await decode({ token: tokens[0]!, secret, salt })).toMatchObject({ sub: "big-0" });
    expect(decrypt).toHaveBeenCalledTimes(1);
  });
});
