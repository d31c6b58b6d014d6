/** The in-process rate-limit store: a sliding window per key, bounded in memory. */
import { describe, expect, it } from "vitest";
import { memoryStore } from "../../src/rate-limit/memory-store";

const T = Date.UTC(2026, 0, 1);

describe("memoryStore", () => {
  it("allows max events per window and refuses the next without recording it", () => {
    const store = memoryStore();
    expect([1, 2, 3].map(() => store.take("k", 2, 1000, T))).toEqual([true, true, false]);
    expect(store.take("k", 2, 1000, T + 1000)).toBe(true);
  });

  it("gives back one refunded event", () => {
    const store = memoryStore();
    store.take("k", 1, 1000, T);
    store.refund("k", T);
    expect(store.take("k", 1, 1000, T)).toBe(true);
    expect(store.take("k", 1, 1000, T)).toBe(false);
  });

  it("forgets the least recently touched key beyond its key bound", () => {
    const store = memoryStore(2);
    store.take("first", 1, 60_000, T);
    store.take("second", 1, 60_000, T);
    store.take("third", 1, 60_000, T);
    expect(store.take("third", 1, 60_000, T)).toBe(false);
    expect(store.take("first", 1, 60_000, T)).toBe(true);
  });

  it("drops keys whose events have all expired before it must evict a live one", () => {
    const store = memoryStore(2);
    store.take("live", 1, 60_000, T);
    store.take("old", 1, 1000, T);
    store.take("new", 1, 60_000, T + 5000);
    expect(store.take("live", 1, 60_000, T + 5000)).toBe(false);
  });
});
