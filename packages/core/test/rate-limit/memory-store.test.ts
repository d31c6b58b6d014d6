/**
 * The in-process rate-limit store: a sliding window per key, bounded in memory, and what it gives
 * up when a new key needs room (never a key that is refusing).
 */
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

  it("forgets the least recently touched key below its limit beyond its key bound", () => {
    const store = memoryStore(2);
    store.take("first", 2, 60_000, T);
    store.take("second", 2, 60_000, T);
    store.take("third", 2, 60_000, T);
    // "first" starts over: two more events fit, where one would if it were remembered.
    expect([store.take("first", 2, 60_000, T), store.take("first", 2, 60_000, T)]).toEqual([true, true]);
    expect(store.take("third", 2, 60_000, T)).toBe(true);
  });

  it("drops keys whose events have all expired before it must evict a live one", () => {
    const store = memoryStore(2);
    store.take("live", 1, 60_000, T);
    store.take("old", 1, 1000, T);
    store.take("new", 1, 60_000, T + 5000);
    expect(store.take("live", 1, 60_000, T + 5000)).toBe(false);
  });

  it("never forgets a key at its limit to make room: the oldest key below its limit goes instead", () => {
    const store = memoryStore(2);
    store.take("victim", 1, 60_000, T);
    store.take("other", 5, 60_000, T + 1);
    store.take("new", 5, 60_000, T + 2);
    expect(store.take("victim", 1, 60_000, T + 3)).toBe(false);
    // "other" was forgotten: its event no longer counts against a limit of one.
    expect(store.take("other", 1, 60_000, T + 3)).toBe(true);
  });

  it("keeps refusing a key at its limit after many more keys than it holds have come and gone", () => {
    const store = memoryStore(10);
    for (let i = 0; i < 5; i++) store.take("victim", 5, 900_000, T);
    for (let i = 0; i < 1000; i++) expect(store.take(`junk-${i}`, 5, 900_000, T + i)).toBe(true);
    expect(store.take("victim", 5, 900_000, T + 1000)).toBe(false);
  });

  it("takes no new key, and throws, when every key it holds is at its limit; held keys still answer", () => {
    const store = memoryStore(2);
    store.take("a", 1, 60_000, T);
    store.take("b", 1, 60_000, T);
    expect(() => store.take("c", 1, 60_000, T)).toThrow(/full/);
    expect(store.take("a", 1, 60_000, T)).toBe(false);
    expect(store.take("b", 1, 60_000, T)).toBe(false);
    // The refused key was not recorded: it still has its whole allowance once there is room.
    store.refund("a", T);
    expect([store.take("c", 1, 60_000, T), store.take("c", 1, 60_000, T)]).toEqual([true, false]);
  });

  it("takes new keys again once a key at its limit leaves its window", () => {
    const store = memoryStore(2);
    store.take("short", 1, 1000, T);
    store.take("long", 1, 60_000, T);
    expect(() => store.take("new", 1, 60_000, T + 999)).toThrow(/full/);
    expect(store.take("new", 1, 60_000, T + 1000)).toBe(true);
    expect(store.take("long", 1, 60_000, T + 1000)).toBe(false);
  });

  it("makes a refunded key below its limit evictable again", () => {
    const store = memoryStore(2);
    store.take("a", 2, 60_000, T);
    store.take("a", 2, 60_000, T + 1);
    store.take("b", 1, 60_000, T);
    store.refund("a", T + 1);
    expect(store.take("c", 1, 60_000, T + 2)).toBe(true);
    expect(store.take("b", 1, 60_000, T + 2)).toBe(false);
    // "a" was forgotten for "c": it has both events again.
    expect(() => store.take("a", 2, 60_000, T + 2)).toThrow(/full/);
  });
});
