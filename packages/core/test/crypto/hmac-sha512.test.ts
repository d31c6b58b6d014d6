/**
 * HMAC-SHA-512 from a key's padded blocks and one-shot digests must be HMAC-SHA-512: the RFC's
 * vector, and `createHmac` over messages of every size the scratch buffer meets (first use,
 * growth, and past the size it keeps).
 */
import { createHmac, randomBytes } from "node:crypto";
import { hmacSha512, hmacState } from "@portcullis/core/crypto/hmac-sha512";
import { nodeCrypto, type SyncCrypto } from "@portcullis/core/crypto/node-crypto";
import { describe, expect, it, vi } from "vitest";

const hex = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes).toString("hex") : bytes);

describe("HMAC-SHA-512 over prepared key blocks", () => {
  it("gives RFC 4231's test case 2", () => {
    const state = hmacState(new TextEncoder().encode("Jefe"))!;
    const message = new TextEncoder().encode("what do ya want for nothing?");
    expect(hex(hmacSha512(nodeCrypto()!, state, [message.subarray(0, 9), message.subarray(9)]))).toBe(
      "164b7a7bfcf819e2e395fbe73b56e0a387bd64222e831fd610270cd7ea2505549758bf75c05a994a6d034f65f8f0e6fdcaeab1a34d4a6b4b636e070a38bce737",
    );
  });

  it("matches createHmac for a run of messages from empty to past the kept scratch size", () => {
    const key = randomBytes(32);
    const state = hmacState(key)!;
    for (const length of [0, 1, 100, 511, 512, 513, 2000, 700, 16 * 1024, 40_000, 300]) {
      const parts = [randomBytes(Math.floor(length / 3)), randomBytes(length - Math.floor(length / 3))];
      const expected = createHmac("sha512", key).update(parts[0]!).update(parts[1]!).digest();
      expect(hex(hmacSha512(nodeCrypto()!, state, parts))).toBe(expected.toString("hex"));
    }
  });

  it("declines keys longer than a block, which HMAC would hash first", () => {
    expect(hmacState(new Uint8Array(129))).toBeUndefined();
  });
});

describe("on a runtime without a one-shot digest", () => {
  it("answers undefined, so the caller falls back to createHmac", async () => {
    const { hash: _absent, ...withoutHash } = nodeCrypto() as SyncCrypto & { hash?: unknown };
    // A fresh module instance: the check of the runtime's digest is made once per instance.
    vi.resetModules();
    const fresh = await import("@portcullis/core/crypto/hmac-sha512");
    const state = fresh.hmacState(new Uint8Array(32))!;
    expect(fresh.hmacSha512(withoutHash as SyncCrypto, state, [new Uint8Array(10)])).toBeUndefined();
  });
});
