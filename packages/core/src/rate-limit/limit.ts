/**
 * The counting step shared by every rate limit: validate a limit, name what it protects as a
 * store key, take one event from the allowance, and give it back.
 *
 * @module
 */
import { sha256Hex } from "../crypto/primitives";
import { RateLimitStoreUnavailable } from "../errors";
import { outageBegins, outageEnds } from "../outage";
import type { LoggerInstance, RateLimitStore, RateLimitWindow } from "../types";

/**
 * True when `limit` is a usable window: a positive integer `max` and a positive, finite
 * `windowSeconds`.
 *
 * @param limit - What the configuration gave.
 * @returns Whether it can be counted with.
 * @example
 * ```ts
 * isLimit({ max: 5, windowSeconds: 900 }) // true
 * ```
 */
export function isLimit(limit: unknown): limit is RateLimitWindow {
  const { max, windowSeconds } = (limit ?? {}) as Partial<RateLimitWindow>;
  return (
    Number.isInteger(max) &&
    (max as number) > 0 &&
    Number.isFinite(windowSeconds) &&
    (windowSeconds as number) > 0
  );
}

/**
 * True when `store` can be used as a {@link RateLimitStore}: it has `take`, and `refund`, if
 * present, is a function.
 *
 * @param store - What the configuration gave.
 * @returns Whether the store can be called.
 * @example
 * ```ts
 * isStore({ take: () => true }) // true
 * ```
 */
export function isStore(store: unknown): store is RateLimitStore {
  const candidate = store as Partial<RateLimitStore> | null | undefined;
  return (
    typeof candidate?.take === "function" &&
    (candidate.refund === undefined || typeof candidate.refund === "function")
  );
}

/**
 * The store key of one protected thing: a SHA-256 in hex over what the limit protects (`scope`,
 * e.g. the provider and kind of limit, and `value`, e.g. a normalised address), never the
 * configuration object, so a configuration rebuilt for every request shares its counts. The
 * app's current secret is mixed in so that apps sharing a process or a store keep apart, and a
 * shared store holds no guessable hash of an address or a username. JSON encoding keeps the parts
 * apart whatever characters a client sent.
 *
 * @param secret - The app's current (first) secret.
 * @param scope - What kind of thing is limited, e.g. `["credentials", "identifier", "login"]`.
 * @param value - The protected thing itself.
 * @returns 64 hex characters.
 * @example
 * ```ts
 * await limitKey(secret, ["email", "nodemailer"], "ada@example.com") // "3f2a…"
 * ```
 */
export function limitKey(secret: string, scope: string[], value: string): Promise<string> {
  return sha256Hex(JSON.stringify(["portcullis/rate-limit", secret, ...scope, value]));
}

/**
 * Takes one event from `key`'s allowance in a sliding window on the request clock.
 *
 * @param store - Where the counts live.
 * @param key - From {@link limitKey}.
 * @param limit - The allowance.
 * @param now - The request time in milliseconds.
 * @returns False when the allowance is used up (nothing is recorded then).
 * @throws Whatever the store throws.
 * @example
 * ```ts
 * if (!(await takeAllowance(store, key, { max: 5, windowSeconds: 900 }, ctx.now))) refuse()
 * ```
 */
export async function takeAllowance(
  store: RateLimitStore,
  key: string,
  limit: RateLimitWindow,
  now: number,
): Promise<boolean> {
  return (await store.take(key, limit.max, limit.windowSeconds * 1000, now)) === true;
}

/**
 * Gives back the event {@link takeAllowance} recorded at `now`, when the store can (a store
 * without `refund` keeps it: the attempt then counts).
 *
 * @param store - Where the counts live.
 * @param key - The key the event was taken under.
 * @param now - The time it was taken at.
 * @throws Whatever the store throws.
 * @example
 * ```ts
 * await refundAllowance(store, key, ctx.now)
 * ```
 */
export async function refundAllowance(store: RateLimitStore, key: string, now: number): Promise<void> {
  await store.refund?.(key, now);
}

/**
 * {@link takeAllowance} for a request: a store that fails (down, unreachable, too slow) refuses
 * the event with {@link RateLimitStoreUnavailable} (limits fail closed), and the outage is logged
 * once, when it begins, as the `rate-limit-store-unavailable` warning with the cause at debug level.
 *
 * @param store - Where the counts live.
 * @param key - From {@link limitKey}.
 * @param limit - The allowance.
 * @param now - The request time in milliseconds.
 * @param logger - The configuration's logger.
 * @returns False when the allowance is used up.
 * @throws {RateLimitStoreUnavailable} When the store fails.
 * @example
 * ```ts
 * if (!(await takeOrRefuse(store, key, limit, ctx.now, ctx.config.logger))) refuse()
 * ```
 */
export async function takeOrRefuse(
  store: RateLimitStore,
  key: string,
  limit: RateLimitWindow,
  now: number,
  logger: LoggerInstance,
): Promise<boolean> {
  let allowed: boolean;
  try {
    allowed = await takeAllowance(store, key, limit, now);
  } catch (error) {
    if (outageBegins(store)) {
      logger.warn("rate-limit-store-unavailable");
      logger.debug(`The rate-limit store's take failed: ${(error as Error)?.message ?? String(error)}`);
    }
    throw new RateLimitStoreUnavailable("The rate-limit store's take failed.", { cause: error });
  }
  if (outageEnds(store)) logger.debug("The rate-limit store answers again.");
  return allowed;
}
