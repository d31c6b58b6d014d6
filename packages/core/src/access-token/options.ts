/**
 * The settings of `getAccessToken` (`accessTokens` in the configuration), checked and defaulted
 * once where the configuration is normalised.
 *
 * @module
 */
import { InvalidConfiguration } from "../errors";
import { isStore } from "../rate-limit/limit";
import { memoryStore } from "../rate-limit/memory-store";
import type { AccessTokenOptions, RateLimitStore } from "../types";

/** The normalised `accessTokens` options. */
export interface AccessTokenSettings {
  /** Seconds before expiry at which a token is refreshed. */
  refreshBefore: number;
  /** Where refresh leases are taken. */
  lockStore: RateLimitStore;
  /** Whether a refresh that fails for good ends the session. */
  endSessionOnFailure: boolean;
}

/**
 * One in-process lease store for every configuration of the process, so two engines in one
 * process (or one engine rebuilt per request) still refresh an account one at a time.
 */
const processLocks = memoryStore();

/**
 * The `accessTokens` options with defaults filled in, or the error naming the unusable one.
 *
 * @param options - What the configuration gave.
 * @returns The settings, or an InvalidConfiguration to answer with.
 * @example
 * ```ts
 * accessTokenSettings({ refreshBefore: 120 }) // { refreshBefore: 120, lockStore: <memory>, endSessionOnFailure: false }
 * ```
 */
export function accessTokenSettings(
  options: AccessTokenOptions | undefined,
): AccessTokenSettings | InvalidConfiguration {
  const refreshBefore = options?.refreshBefore ?? 60;
  if (!(Number.isFinite(refreshBefore) && refreshBefore >= 0))
    return new InvalidConfiguration("accessTokens.refreshBefore must be a number of seconds, 0 or more.");
  const lockStore = options?.lockStore ?? processLocks;
  if (!isStore(lockStore))
    return new InvalidConfiguration("accessTokens.lockStore needs a `take(key, max, windowMs, now)` method.");
  return { refreshBefore, lockStore, endSessionOnFailure: options?.endSessionOnFailure === true };
}

/** The settings used while the configuration has an error (it is answered before any refresh). */
export const DEFAULT_ACCESS_TOKEN_SETTINGS: AccessTokenSettings = {
  refreshBefore: 60,
  lockStore: processLocks,
  endSessionOnFailure: false,
};
