/**
 * A short lease on refreshing one account's tokens, shared by every process that shares the
 * lease store: the store's `take(key, 1, windowMs, now)` records at most one holder per window,
 * atomically. The holder gives the lease back with `refund` (when the store has it) as soon as
 * its refresh is stored; a holder that dies leaves it to lapse at the end of the window.
 *
 * @module
 */
import { limitKey } from "../rate-limit/limit";
import type { RateLimitStore } from "../types";

/** A lease that was granted. */
export interface Lease {
  /** Gives the lease back early (a no-op with a store that cannot refund). */
  release(): Promise<void>;
}

/**
 * Tries to take the lease of one account's refresh.
 *
 * @param store - The lease store (`accessTokens.lockStore`).
 * @param secret - The app's current secret, so apps sharing a store keep apart.
 * @param providerId - The provider.
 * @param providerAccountId - The account at the provider.
 * @param windowMs - How long the lease lasts unless released.
 * @param now - The configuration's clock.
 * @returns The lease, or null when another holder has it.
 * @throws What the store throws.
 * @example
 * ```ts
 * const lease = await takeLease(store, secret, "idp", "alice", 15_000, Date.now())
 * if (lease) try { await refresh() } finally { await lease.release() }
 * ```
 */
export async function takeLease(
  store: RateLimitStore,
  secret: string,
  providerId: string,
  providerAccountId: string,
  windowMs: number,
  now: () => number,
): Promise<Lease | null> {
  const key = await limitKey(secret, ["access-token-refresh", providerId], providerAccountId);
  const takenAt = now();
  if (!(await store.take(key, 1, windowMs, takenAt))) return null;
  return {
    release: async () => {
      await store.refund?.(key, takenAt);
    },
  };
}
