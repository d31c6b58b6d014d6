/**
 * Only the newest one-time code of an address signs in. Anyone may have codes mailed to any
 * address (5 per 15 minutes by default, so hundreds within one code lifetime, and without limit
 * under `rateLimit: false`); if each stayed live, every guess would be tried against all of them
 * and the attempt allowance would be worth that many times less.
 *
 * How, with the adapter contract as it is (`createVerificationToken`, `useVerificationToken`): a
 * code's row is found by the code, so a new request cannot name the rows of earlier codes, which
 * it does not know, to delete them. Instead each address has one more row, its newest-code
 * marker, stored under a token derived from the address alone (an HMAC keyed like the code rows,
 * so it holds nothing guessable), whose `expires` is the expiry of the newest code. Mailing a code
 * takes the old marker away and writes a new one; a typed code signs in only when its row's
 * `expires` is the marker's. Earlier code rows stay where they are, so the links mailed with them
 * still work exactly as before (a followed link uses its own code row and never looks at the
 * marker), while their codes no longer sign in. Keeping the newest code's identity in the
 * rate-limit store instead was the other way; the store only counts, and a shared store of the
 * app's own need not even have `refund`, so it cannot hold a value.
 *
 * Since expiries tell codes apart, a new code's expiry is put at least one whole second after the
 * previous one's (some databases keep whole seconds): codes asked for within one second do not
 * share an expiry, and so do not share being the newest.
 *
 * The marker is also the address's turn at the code form: checking a typed code takes it and puts
 * it back, so of several guesses posted at once for one address only one is checked. A post for
 * an address without a marker (no code mailed, the newest one used, or another post being checked
 * right now) is answered as a wrong code without being counted or looked up, and costs the
 * rate-limit store nothing. The answer depends on the codes mailed, never on whether the address
 * has an account: a code is mailed to either alike.
 *
 * @module
 */

import { callAdapter } from "../../adapter/call";
import type { VerificationToken } from "../../adapters";
import type { ActionContext } from "../../context";
import type { EmailConfig } from "../../types";
import { hmacHex, putKeyedRow, takeKeyedRow } from "./code";
import { tokenLifetime } from "./token";

/** Keeps the marker's token apart from code rows (and from links, which are plain SHA-256). */
const NEWEST_LABEL = "portcullis/email-code/newest";

/** A new code, and the marker of the code it replaced. */
export interface NewCode {
  /** When the new code (and its link) expire. */
  expires: Date;
  /** The replaced code's marker, put back if the new code's mail fails. */
  previous: VerificationToken | null;
}

function markerToken(key: string, identifier: string): Promise<string> {
  return hmacHex(key, `${NEWEST_LABEL}\u0000${identifier}`);
}

/**
 * The time of a valid Date, else undefined: an adapter may answer anything, and two expiries
 * that are not dates must never compare as the same code.
 */
function timeOf(value: unknown): number | undefined {
  try {
    const time = Date.prototype.getTime.call(value);
    return Number.isFinite(time) ? time : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a code's row belongs to the newest code of its address.
 *
 * @param row - The row the typed code found.
 * @param marker - The address's marker, from {@link takeMarker}.
 * @returns True when both expire at the same valid time.
 * @example
 * ```ts
 * const signsIn = isNewest(row, marker) // false for a code that a newer one replaced
 * ```
 */
export function isNewest(row: VerificationToken, marker: VerificationToken): boolean {
  const time = timeOf(row.expires);
  return time !== undefined && time === timeOf(marker.expires);
}

/**
 * Takes an address's marker out of the adapter; the caller puts it back with {@link restoreRow}
 * unless its code was just used or a newer code replaces it.
 *
 * @param provider - The email provider.
 * @param identifier - The normalised address.
 * @param ctx - The action context.
 * @returns The marker, or null when the address has none (or another request holds it).
 * @throws {AdapterError} When `useVerificationToken` fails.
 * @example
 * ```ts
 * const marker = await takeMarker(provider, "ada@example.com", ctx)
 * ```
 */
export async function takeMarker(
  provider: EmailConfig,
  identifier: string,
  ctx: ActionContext,
): Promise<VerificationToken | null> {
  const row = await takeKeyedRow(provider, identifier, (key) => markerToken(key, identifier), ctx);
  return row && { identifier, token: row.token, expires: row.expires };
}

/**
 * Puts a row taken with `useVerificationToken` back. A failure is logged, not thrown: the row is
 * a marker or a superseded code, and losing one leaves an address with fewer live codes, never
 * more. (With a database, the usual failure is a newer code's marker already in its place.)
 *
 * @param row - The row as taken.
 * @param ctx - The action context.
 * @example
 * ```ts
 * await restoreRow(marker, ctx)
 * ```
 */
export async function restoreRow(row: VerificationToken, ctx: ActionContext): Promise<void> {
  const adapter = ctx.config.adapter!;
  try {
    await callAdapter("createVerificationToken", () => adapter.createVerificationToken!(row));
  } catch (error) {
    ctx.config.logger.error(error as Error);
  }
}

/**
 * Starts a new code for an address: takes the previous code's marker (from here on that code no
 * longer signs in) and picks the new code's expiry, `maxAge` from now and at least one whole
 * second after the previous code's.
 *
 * @param provider - The email provider.
 * @param identifier - The normalised address.
 * @param ctx - The action context.
 * @returns The expiry of the new code and its link, and what it replaced.
 * @throws {AdapterError} When `useVerificationToken` fails.
 * @example
 * ```ts
 * const code = await beginNewCode(provider, "ada@example.com", ctx)
 * ```
 */
export async function beginNewCode(
  provider: EmailConfig,
  identifier: string,
  ctx: ActionContext,
): Promise<NewCode> {
  const previous = await takeMarker(provider, identifier, ctx);
  let expires = ctx.now + tokenLifetime(provider) * 1000;
  const before = previous ? timeOf(previous.expires) : undefined;
  if (before !== undefined) expires = Math.max(expires, (Math.floor(before / 1000) + 1) * 1000);
  return { expires: new Date(expires), previous };
}

/**
 * Makes a stored code the newest of its address, unless another request for the address (a
 * double click on the form) made its own code the newest since {@link beginNewCode}: then the
 * marker's row is already there, a database refuses a second one under its key, and the code
 * that got there first stays the newest.
 *
 * @param provider - The email provider.
 * @param identifier - The normalised address.
 * @param expires - The code's expiry, from {@link beginNewCode}.
 * @param ctx - The action context.
 * @returns False when another request's code is the newest (this one should not be mailed).
 * @throws {AdapterError} When `createVerificationToken` fails and no other code is the newest.
 * @example
 * ```ts
 * const mail = await markNewest(provider, "ada@example.com", code.expires, ctx) // false: another code is on its way
 * ```
 */
export async function markNewest(
  provider: EmailConfig,
  identifier: string,
  expires: Date,
  ctx: ActionContext,
): Promise<boolean> {
  try {
    await putKeyedRow(provider, identifier, (key) => markerToken(key, identifier), expires, ctx);
    return true;
  } catch (error) {
    const other = await takeMarker(provider, identifier, ctx);
    if (!other) throw error;
    await restoreRow(other, ctx);
    return false;
  }
}

/**
 * Undoes {@link beginNewCode} after the new code's mail failed: the code it replaced is the
 * newest again, unless a still newer one has been mailed meanwhile.
 *
 * @param provider - The email provider.
 * @param identifier - The normalised address.
 * @param code - What {@link beginNewCode} answered.
 * @param ctx - The action context.
 * @throws {AdapterError} When `useVerificationToken` fails.
 * @example
 * ```ts
 * await undoNewCode(provider, "ada@example.com", code, ctx)
 * ```
 */
export async function undoNewCode(
  provider: EmailConfig,
  identifier: string,
  code: NewCode,
  ctx: ActionContext,
): Promise<void> {
  const marker = await takeMarker(provider, identifier, ctx);
  if (marker && timeOf(marker.expires) !== code.expires.getTime()) await restoreRow(marker, ctx);
  else if (code.previous) await restoreRow(code.previous, ctx);
}
