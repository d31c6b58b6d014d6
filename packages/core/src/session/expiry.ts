/**
 * Expiry checks on dates an adapter hands back. An adapter is code we do not control (user-land
 * adapters, a column mapped as text, a hostile data layer), and a date that is not a date
 * compares false against everything: `NaN <= now` is false, so a naive check reads "not
 * expired" and keeps a dead link or session alive forever. Here anything but a valid Date
 * counts as expired, and the adapter method that answered it is named in the log.
 *
 * @module
 */
import { AdapterError } from "../errors";
import type { LoggerInstance } from "../types";

/**
 * The time of a real, valid Date, or undefined for anything else. `Date.prototype.getTime`
 * throws on every value without a date slot, so an object that only pretends to be a Date (a
 * `Symbol.toStringTag` of "Date", a `getTime` of its own) is refused; Dates from another realm
 * have the slot and pass.
 */
function timeOf(value: unknown): number | undefined {
  let time: number;
  try {
    time = Date.prototype.getTime.call(value);
  } catch {
    return undefined;
  }
  return Number.isFinite(time) ? time : undefined;
}

/**
 * Whether an `expires` an adapter answered has passed, failing closed: a missing value, null, a
 * string, a number (seconds or milliseconds? an adapter must say with a Date) or an invalid Date
 * all count as expired, and each such answer is logged as an AdapterError naming `method`, so
 * the broken adapter can be found. The value itself is never logged.
 *
 * @param expires - The `expires` field as the adapter returned it.
 * @param now - The request time in milliseconds; `expires <= now` is expired.
 * @param method - The adapter method that returned it, e.g. `"useVerificationToken"`.
 * @param logger - Where the broken answer is reported.
 * @returns True when expired or unusable.
 * @example
 * ```ts
 * if (adapterDateExpired(row.expires, ctx.now, "useVerificationToken", ctx.config.logger)) throw new Verification()
 * ```
 */
export function adapterDateExpired(
  expires: unknown,
  now: number,
  method: string,
  logger: Pick<LoggerInstance, "error">,
): boolean {
  const time = timeOf(expires);
  if (time !== undefined) return time <= now;
  logger.error(
    new AdapterError(
      `The adapter's ${method} returned an expires that is not a valid Date (${typeName(expires)}); treated as expired.`,
    ),
  );
  return true;
}

/** A log-safe name of a value's kind: never the value, which may be anything the data layer holds. */
function typeName(value: unknown): string {
  if (value === null) return "null";
  if (value instanceof Date) return "an invalid Date";
  return typeof value;
}
