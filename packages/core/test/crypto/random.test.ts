/** Pooled random bytes: the right length, never handed out twice, fine past the pool's end. */
import { randomBytes } from "@portcullis/core/crypto/random";
import { describe, expect, it } from "vitest";

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

describe("randomBytes", () => {
  it("answers the requested length, also beyond the pool size", () => {
    expect(randomBytes(16)).toHaveLength(16);
    expect(randomBytes(5000)).toHaveLength(5000);
  });

  it("never repeats a 16-byte value across several pool refills", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 2000; i++) seen.add(hex(randomBytes(16)));
    expect(seen.size).toBe(2000);
  });

  it("returns a copy the caller may change without touching later values", () => {
    const first = randomBytes(32);
    first.fill(0);
    expect(hex(randomBytes(32))).not.toBe("0".repeat(64));
  });
});
