/**
 * The in-process {@link RateLimitStore}: sliding windows in a Map, bounded in size.
 *
 * @module
 */
import type { RateLimitStore } from "../types";

/** One key's recent events, the window they were counted in and the limit they were taken under. */
interface Entry {
  times: number[];
  windowMs: number;
  max: number;
}

/**
 * How many keys a memory store tracks at most by default. Each key costs well under a kilobyte,
 * so this bounds a store near a few megabytes whatever clients post.
 */
export const DEFAULT_MAX_KEYS = 50_000;

/** How many of the least recently touched keys each call checks for expiry. */
const SWEEP = 2;

/** When a refusing entry takes events again: once its `max`-th newest event leaves the window. */
function releaseAt(entry: Entry): number {
  const sorted = [...entry.times].sort((a, b) => a - b);
  return (sorted[sorted.length - entry.max] ?? Number.NEGATIVE_INFINITY) + entry.windowMs;
}

/**
 * Makes a sliding-window {@link RateLimitStore} in this process's memory, holding at most
 * `maxKeys` keys so that memory stays bounded whatever is posted.
 *
 * Which key goes when a new one needs room: first keys whose events have all left their window,
 * then the least recently touched key that is not refusing. A key that is refusing (at its limit,
 * window not over) is never forgotten: forgetting it would hand whoever drove it there a fresh
 * allowance, and a flood of throw-away keys (usernames, addresses) would wash any victim's count
 * out. When every key held is refusing, the store takes on no new key and `take` throws; a limit
 * then refuses the attempt as it does when a shared store is down (it fails closed, and the
 * outage is logged once). The two other ways out are worse: forgetting a refusing key breaks the
 * limit it enforces, and growing lets a flood exhaust the process's memory. Filling the store
 * takes `maxKeys` keys each driven to its limit within its window (at the defaults, 250,000
 * failed credentials sign-ins within 15 minutes); a deployment that must stay open under such a
 * flood gives its limits a shared store with memory of its own instead.
 *
 * @param maxKeys - The most keys kept at once (default 50,000).
 * @returns A store with `take` and `refund`.
 * @throws From `take`, for a key it does not hold yet, when all `maxKeys` keys are refusing.
 * @example
 * ```ts
 * const store = memoryStore(1000)
 * await store.take("k", 5, 60_000, Date.now()) // true
 * ```
 */
export function memoryStore(maxKeys = DEFAULT_MAX_KEYS): RateLimitStore & {
  refund: NonNullable<RateLimitStore["refund"]>;
} {
  // Keys below their limit, least recently touched first: every touch deletes and re-inserts.
  const open = new Map<string, Entry>();
  // Keys at their limit. Apart, so that eviction never has to step over them.
  const refusing = new Map<string, Entry>();
  // No refusing key can take events again before this time, so none is worth looking at.
  let nextRelease = Number.POSITIVE_INFINITY;

  function place(key: string, entry: Entry): void {
    if (entry.times.length === 0) return;
    if (entry.times.length < entry.max) {
      open.set(key, entry);
      return;
    }
    refusing.set(key, entry);
    nextRelease = Math.min(nextRelease, releaseAt(entry));
  }

  function sweep(now: number): void {
    let checked = 0;
    for (const [key, entry] of open) {
      if (checked++ >= SWEEP) break;
      if (entry.times.every((time) => time <= now - entry.windowMs)) open.delete(key);
    }
  }

  /** Moves the refusing keys whose window has moved on back among the others. */
  function release(now: number): void {
    if (now < nextRelease) return;
    nextRelease = Number.POSITIVE_INFINITY;
    for (const [key, entry] of refusing) {
      entry.times = entry.times.filter((time) => time > now - entry.windowMs);
      if (entry.times.length >= entry.max) {
        nextRelease = Math.min(nextRelease, releaseAt(entry));
        continue;
      }
      refusing.delete(key);
      place(key, entry);
    }
  }

  /** Frees a place for a new key; false when every key held is refusing. */
  function makeRoom(now: number): boolean {
    sweep(now);
    if (open.size + refusing.size < maxKeys) return true;
    if (open.size === 0) release(now);
    if (open.size + refusing.size < maxKeys) return true;
    const oldest = open.keys().next();
    if (oldest.done) return false;
    open.delete(oldest.value);
    return true;
  }

  return {
    take(key, max, windowMs, now) {
      const known = open.get(key) ?? refusing.get(key);
      const times = (known?.times ?? []).filter((time) => time > now - windowMs);
      const allowed = times.length < max;
      if (allowed && !known && !makeRoom(now)) {
        throw new Error(
          `The in-memory rate-limit store is full: all of its ${maxKeys} keys are at their limit, so it counts no new key.`,
        );
      }
      if (allowed) times.push(now);
      open.delete(key);
      refusing.delete(key);
      place(key, { times, windowMs, max });
      return allowed;
    },
    refund(key, now) {
      const entry = open.get(key) ?? refusing.get(key);
      if (!entry) return;
      const index = entry.times.lastIndexOf(now);
      if (index >= 0) entry.times.splice(index, 1);
      if (entry.times.length === 0) {
        open.delete(key);
        refusing.delete(key);
      } else if (entry.times.length < entry.max && refusing.delete(key)) {
        open.set(key, entry);
      }
    },
  };
}

/**
 * The store every limit uses when the configuration names none: one per process (per module
 * instance), not one per configuration object. A configuration built anew for each request
 * (`Auth(request, () => config)`) therefore keeps its counts; keys carry what they protect.
 */
export const defaultStore = memoryStore();
