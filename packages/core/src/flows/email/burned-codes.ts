/**
 * Burned codes: after `attempts` wrong codes within a code lifetime (`maxAge`), every code of the
 * address is refused, the right one included, until `maxAge` has passed.
 *
 * What must outlive what: the refusal must outlive every code it burns, so it lasts `maxAge`. The
 * rate-limit store is the wrong place to keep it that long. There a count at its limit is never
 * dropped to make room (dropping it would hand fresh attempts to whoever drove it there), so one
 * mailed code and `attempts` wrong ones per throw-away address would hold a key for a whole day,
 * and 50,000 such addresses would fill the process's store and refuse every sign-in of every user
 * until the day was over. The burn is a row in the adapter instead, which holds the address's
 * code rows for as long anyway: one per address, under a token derived from the address alone
 * (an HMAC keyed as code rows are, like the newest-code marker's), expiring `maxAge` after the
 * last wrong code. Once it is stored, the store's count gets its last attempt back: it sits below
 * its limit, where the store may drop it like any other count, and the burn refuses in its place.
 * The count still spans `maxAge`, so wrong codes spread over the day add up as before: at most
 * `attempts` per address per `maxAge`.
 *
 * The burn is read and written only while the address's newest-code marker is taken (see
 * newest-code.ts), so the posts for one address that check it do so one at a time.
 *
 * @module
 */

import { callAdapter } from "../../adapter/call";
import type { ActionContext } from "../../context";
import { adapterDateExpired } from "../../session/expiry";
import type { EmailConfig } from "../../types";
import {
  type CodeAttempt,
  hmacHex,
  putKeyedRow,
  releaseAddressCount,
  takeKeyedRow,
  wasLastAttempt,
} from "./code";
import { tokenLifetime } from "./token";

/** Keeps the burn's token apart from code rows, markers and links. */
const BURNED_LABEL = "portcullis/email-code/burned";

function burnToken(key: string, identifier: string): Promise<string> {
  return hmacHex(key, `${BURNED_LABEL}\u0000${identifier}`);
}

/**
 * Whether the codes of an address are burned. The row is taken to be read and put back while it
 * lasts; a failure to put it back is thrown, not logged, since losing it would give the address
 * fresh attempts.
 *
 * @param provider - The email provider.
 * @param identifier - The normalised address.
 * @param ctx - The action context.
 * @returns True while a burn of the address has not expired.
 * @throws {AdapterError} When `useVerificationToken` or `createVerificationToken` fails.
 * @example
 * ```ts
 * if (await isBurned(provider, "ada@example.com", ctx)) throw new Verification("burned")
 * ```
 */
export async function isBurned(
  provider: EmailConfig,
  identifier: string,
  ctx: ActionContext,
): Promise<boolean> {
  const row = await takeKeyedRow(provider, identifier, (key) => burnToken(key, identifier), ctx);
  if (!row || adapterDateExpired(row.expires, ctx.now, "useVerificationToken", ctx.config.logger))
    return false;
  const adapter = ctx.config.adapter!;
  await callAdapter("createVerificationToken", () => adapter.createVerificationToken!(row));
  return true;
}

/**
 * After a wrong code: burns the codes of the address when that code was its last attempt, and
 * then gives the store's count its last attempt back. When the burn cannot be stored, the count
 * stays at its limit and refuses the address's codes as before; the failure is logged.
 *
 * @param provider - The email provider.
 * @param identifier - The normalised address.
 * @param attempt - The attempt the wrong code took.
 * @param ctx - The action context.
 * @throws {RateLimitStoreUnavailable} When the store fails.
 * @example
 * ```ts
 * await burnAfterLastAttempt(provider, "ada@example.com", attempt, ctx)
 * ```
 */
export async function burnAfterLastAttempt(
  provider: EmailConfig,
  identifier: string,
  attempt: CodeAttempt,
  ctx: ActionContext,
): Promise<void> {
  if (!(await wasLastAttempt(attempt, ctx.config.logger))) return;
  const expires = new Date(ctx.now + tokenLifetime(provider) * 1000);
  try {
    await putKeyedRow(provider, identifier, (key) => burnToken(key, identifier), expires, ctx);
  } catch (error) {
    ctx.config.logger.error(error as Error);
    return;
  }
  await releaseAddressCount(attempt);
}
