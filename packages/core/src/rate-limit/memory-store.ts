/**
 * The in-process {@link RateLimitStore}: sliding windows in a Map, bounded in size.
 *
 * @module
 */
import type { RateLimitStore } from "../types";

/** One key's recent events and the window they were counted in. */
interface Entry {
  times: number[];
  windowMs: number;
}

/**
 * How many keys a memory store tracks at most by default. Each key costs well under a kilobyte,
 * so this bounds a store near a few megabytes whatever clients post.
 */
export const DEFAULT_MAX_KEYS = 50_000;

/** How many of the least recently touched keys each call checks for expiry. */
const SWEEP = 2;

/**
 * Makes a sliding-window {@link RateLimitStore} in this process's memory. Keys whose events have
 * all left their window are dropped as calls pass by, and past `maxKeys` the key touched least
 * recently is forgotten, so memory stays bounded whatever is posted. Forgetting a key gives it a
 * fresh allowance: an attacker who can make more than `maxKeys` keys within a window can wash a
 * count out, which is why deployments that need a hard guarantee give a shared store instead.
 *
 * @param maxKeys - The most keys kept at once (default 50,000).
 * @returns A store with `take` and `refund`.
 * @example
 * ```ts
 * const store = memoryStore(1000)
 * await store.take("k", 5, 60_000, Date.now()) // true
 * ```
 */
export function memoryStore(maxKeys = DEFAULT_MAX_KEYS): RateLimitStore & {
  refund: NonNullable<RateLimitStore["refund"]>;
} {
  // Map order is least-recently-touched first: every touch deletes and re-inserts its key.
  const entries = new Map<string, Entry>();

  function sweep(now: number): void {
    let checked = 0;
    for (const [key, entry] of entries) {
      if (checked++ >= SWEEP) break;
      if (entry.times.every((time) => time <= now - entry.windowMs)) entries.delete(key);
    }
    while (entries.size > maxKeys) {
      const oldest = entries.keys().next().value;
      if (oldest === undefined) break;
      entries.delete(oldest);
    }
  }

  return {
    take(key, max, windowMs, now) {
      const recent = (entries.get(key)?.times ?? []).filter((time) => time > now - windowMs);
      entries.delete(key);
      const allowed = recent.length < max;
      if (allowed) recent.push(now);
      if (recent.length > 0) entries.set(key, { times: recent, windowMs });
      sweep(now);
      return allowed;
    },
    refund(key, now) {
      const entry = entries.get(key);
      if (!entry) return;
      const index = entry.times.lastIndexOf(now);
      if (index >= 0) entry.times.splice(index, 1);
      if (entry.times.length === 0) entries.delete(key);
    },
  };
}

/**
 * The store every limit uses when the configuration names none: one per process (per module
 * instance), not one per configuration object. A configuration built anew for each request
 * (`Auth(request, () => config)`) therefore keeps its counts; keys carry what they protect.
 */
export const defaultStore = memoryStore();
