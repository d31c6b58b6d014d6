/** What both session strategies share about a session's life: its absolute end, its User-Agent. */
import type { AuthRequest } from "../context";
import type { SessionOptions } from "../types";

/**
 * When a session that began at `start` must end however active it is (`session.absoluteMaxAge`),
 * in ms since the epoch; Infinity without a limit or without a known start.
 *
 * @param start When the session began (ms), if known.
 * @param session The session options.
 * @returns The absolute end, or Infinity.
 * @example
 * ```ts
 * if (absoluteExpiry(createdAt, config.session) <= now) endTheSession()
 * ```
 */
export function absoluteExpiry(start: number | null | undefined, session: SessionOptions): number {
  if (session.absoluteMaxAge === undefined || start === undefined || start === null)
    return Number.POSITIVE_INFINITY;
  return start + session.absoluteMaxAge * 1000;
}

let lastIsoTime = Number.NaN;
let lastIsoText = "";

/**
 * A time as ISO 8601 text, as `Date#toISOString` writes it. The last answer is kept: a busy
 * server reads many sessions within one millisecond, each expiring at the same instant.
 *
 * @param ms Milliseconds since the epoch.
 * @returns E.g. `2026-12-26T07:01:26.242Z`.
 * @throws {RangeError} For a time a Date cannot hold.
 * @example
 * ```ts
 * isoTime(ctx.now + maxAge * 1000)
 * ```
 */
export function isoTime(ms: number): string {
  if (ms !== lastIsoTime) {
    lastIsoText = new Date(ms).toISOString();
    lastIsoTime = ms;
  }
  return lastIsoText;
}

/** The sign-in request's User-Agent, for session lists: at most 256 characters, null when absent. */
export function userAgentOf(req: AuthRequest): string | null {
  return req.request.headers.get("user-agent")?.slice(0, 256) || null;
}
