/**
 * The `timeouts` option: how long a request waits on each kind of remote peer before it gives up
 * and answers as it answers any failure of that peer.
 *
 * @module
 */
import { InvalidConfiguration } from "../errors";
import type { TimeoutsOptions } from "../types";

/** Every time-out, in milliseconds, after defaults. */
export type Timeouts = Required<TimeoutsOptions>;

/**
 * The defaults: long enough for a slow but working peer, short enough that a dead one frees the
 * request well before typical proxy and browser limits. Email gets longer because an SMTP send
 * is several round trips (greeting, TLS, authentication, data).
 */
export const DEFAULT_TIMEOUTS: Readonly<Timeouts> = Object.freeze({
  adapter: 10_000,
  http: 10_000,
  email: 30_000,
});

/**
 * The time-outs with defaults filled in, or the configuration error for a value that is not a
 * positive number of milliseconds (`Infinity` turns a time-out off). Rejected rather than
 * ignored: a typo such as `"5s"` must not silently leave requests unbounded.
 *
 * @param option - The `timeouts` option as configured.
 * @returns The time-outs, or the error to answer every request with.
 * @example
 * ```ts
 * resolveTimeouts({ adapter: 2_000 }) // { adapter: 2000, http: 10000, email: 30000 }
 * ```
 */
export function resolveTimeouts(option: TimeoutsOptions | undefined): Timeouts | InvalidConfiguration {
  const timeouts: Timeouts = { ...DEFAULT_TIMEOUTS };
  for (const name of Object.keys(DEFAULT_TIMEOUTS) as Array<keyof Timeouts>) {
    const value: unknown = option?.[name];
    if (value === undefined) continue;
    if (typeof value !== "number" || !(value > 0)) {
      return new InvalidConfiguration(
        `\`timeouts.${name}\` must be a positive number of milliseconds (or Infinity for none).`,
      );
    }
    timeouts[name] = value;
  }
  return timeouts;
}
