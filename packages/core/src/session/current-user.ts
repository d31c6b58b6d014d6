/** Who is signed in on a request: used by flows that link a new sign-in method to that user. */

import { callAdapter } from "../adapter/call";
import { sameId } from "../adapter/ids";
import type { AdapterUser } from "../adapters";
import type { InternalConfig } from "../config/normalize";
import type { ActionContext, AuthRequest } from "../context";
import { AdapterError, JWTSessionError, SessionStoreUnavailable } from "../errors";
import type { JWT } from "../types";
import { liveSession, startOf } from "./database";
import { readSessionToken } from "./jwt";

/** The signed-in user of a request and how fresh its session is. */
export interface CurrentSession {
  user: AdapterUser;
  /**
   * When the session signed in (ms since the epoch), or null when unknown. JWT sessions: the
   * `auth_time` claim written at sign-in. Database sessions: the row's `createdAt`, which
   * Portcullis's adapters and session stores keep (Auth.js's adapters do not). Never the time of
   * a read or an extension: whoever holds the cookie controls those.
   */
  signedInAt: number | null;
}

/**
 * How far ahead of this server's clock a sign-in time may be and still count (seconds): servers'
 * clocks differ a little, as the JWT's own `exp` check allows. Further ahead, a clock that ran
 * fast wrote it, and it would pass as recent for as long as that clock was ahead, so it counts as
 * unknown (as a `sid_checked` ahead of the clock counts as no check).
 */
const SIGN_IN_CLOCK_TOLERANCE = 15;

/** Whether a known sign-in time lies further ahead of `now` than clocks differ. */
function aheadOfClock(signedInAt: number, now: number): boolean {
  return signedInAt - now > SIGN_IN_CLOCK_TOLERANCE * 1000;
}

/** The JWT's `auth_time` in ms, or null: tokens made by Auth.js (or a callback that dropped it) have none. */
function authTime(claim: unknown): number | null {
  return typeof claim === "number" && Number.isFinite(claim) && claim > 0 ? claim * 1000 : null;
}

/**
 * The session JWT as a read judges it (absolute lifetime, the session store), with the store
 * asked now rather than within `revalidateAfter`: a session signed out or revoked a moment ago
 * must not attach a sign-in method, which then outlives the revocation.
 */
async function liveToken(req: AuthRequest, ctx: ActionContext): Promise<JWT | null> {
  try {
    return await readSessionToken(req, ctx, true);
  } catch (error) {
    // Fails closed: nobody is signed in while the store cannot say, even with
    // `storeUnavailable: "trust-token"`, which keeps sessions readable, not able to link. An
    // outage is logged once when it begins (see watched-store.ts), not on every request.
    if (!(error instanceof SessionStoreUnavailable)) {
      ctx.config.logger.error(
        new JWTSessionError("The session could not be checked; taken as signed out for linking.", {
          cause: error,
        }),
      );
    }
    return null;
  }
}

/**
 * The request's current session, if it has a live one, judged as a session read judges it: the
 * database session's user, or the user whose id is the session JWT's `sub` (the session store
 * asked now), with the time the session signed in. A cookie that does not decode, an expired or
 * revoked session, or a session store that does not answer, is nobody; so is a user the adapter
 * answers for another id than the one asked (logged), as in every other lookup of a session's user.
 *
 * @param req - The request (its session cookie).
 * @param ctx - The action context (needs an adapter).
 * @returns The signed-in user and the session's sign-in time, or null.
 * @throws {AdapterError} When an adapter call fails (for database sessions in a store, also
 *   SessionStoreUnavailable).
 * @example
 * ```ts
 * const current = await currentSession(req, ctx) // { user, signedInAt: 1767268800000 } or null
 * ```
 */
export async function currentSession(req: AuthRequest, ctx: ActionContext): Promise<CurrentSession | null> {
  if (ctx.config.session.strategy === "database") {
    const found = await liveSession(req, ctx);
    return found && { user: found.user, signedInAt: startOf(found.session) ?? null };
  }
  const token = await liveToken(req, ctx);
  const sub = token?.sub;
  if (typeof sub !== "string" || sub === "") return null;
  const adapter = ctx.config.adapter!;
  const user = await callAdapter("getUser", () => adapter.getUser!(sub));
  if (!user) return null;
  // A lookup that loses its id (a query without its where, a shared table) must not make another
  // user the signed-in one: the method linked to them would open their account for good.
  if (!sameId(user.id, sub)) {
    ctx.config.logger.error(
      new AdapterError(
        "The adapter's getUser answered a user other than the session's; taken as signed out for linking.",
      ),
    );
    return null;
  }
  return { user, signedInAt: authTime(token?.auth_time) };
}

/**
 * True when the current session signed in recently enough (`linking.maxSessionAge`) to attach a
 * new sign-in method to its user: an OAuth account, or a passkey. Adding a method is how a
 * signed-in person extends their account, but the session cookie may not be theirs: a sibling
 * subdomain can plant a `__Secure-` session cookie, and the victim's next sign-in or passkey
 * would then be attached to the planter's user. Requiring a recent sign-in shrinks that to a
 * planter who is active at that very moment. A session whose sign-in time is unknown (a JWT made
 * by Auth.js, a database session whose adapter keeps no `createdAt`, a time ahead of the clock
 * beyond the skew servers' clocks have) is never recent; the second
 * is the deployer's to fix, so it is also said once as the warning
 * `linking-without-session-created-at` (only here: whether an adapter's rows carry `createdAt`
 * shows only in a row, Prisma's do and most of Auth.js's adapters' do not).
 *
 * @param current - The current session.
 * @param config - The normalised configuration (`linking.maxSessionAge`).
 * @param now - The request time in ms.
 * @returns Whether a method may be attached to the session's user.
 * @example
 * ```ts
 * if (current && !recentEnoughToLink(current, ctx.config, ctx.now)) refuse()
 * ```
 */
export function recentEnoughToLink(current: CurrentSession, config: InternalConfig, now: number): boolean {
  const { maxSessionAge } = config.linking;
  if (maxSessionAge <= 0) return false;
  if (current.signedInAt === null) {
    if (config.session.strategy === "database") config.warn("linking-without-session-created-at");
    return false;
  }
  return !aheadOfClock(current.signedInAt, now) && now - current.signedInAt <= maxSessionAge * 1000;
}

/**
 * Why {@link recentEnoughToLink} said no, for the log: which rule refused, and what the operator
 * or the user does about it. Names no user, token or cookie.
 *
 * @param current - The current session, not recent enough to link to.
 * @param config - The normalised configuration.
 * @param now - The request time in ms, as given to {@link recentEnoughToLink}.
 * @returns One or two sentences.
 * @example
 * ```ts
 * logger.debug(`Passkey registration refused: ${whyNotRecent(current, ctx.config, ctx.now)}`)
 * ```
 */
export function whyNotRecent(current: CurrentSession, config: InternalConfig, now: number): string {
  const { maxSessionAge } = config.linking;
  if (maxSessionAge <= 0)
    return "linking to the signed-in session is turned off (linking.maxSessionAge is 0).";
  if (current.signedInAt !== null && aheadOfClock(current.signedInAt, now)) {
    return "the session's sign-in time lies ahead of this server's clock, so it is unknown: a server whose clock ran fast signed it in. Check the servers' clocks; sign in again, then add it.";
  }
  if (current.signedInAt !== null) {
    return `a new sign-in method is added to the signed-in user only within ${maxSessionAge} s of the session's sign-in (linking.maxSessionAge), and this session is older. Sign in again, then add it.`;
  }
  if (config.session.strategy === "database") {
    return "the session's sign-in time is unknown: the adapter's session row has no createdAt (most of Auth.js's adapters keep none). Adding an account or a passkey to a database session's user needs an adapter that keeps it (Portcullis's memory, SQL and Redis adapters do) or sessions kept in session.store.";
  }
  return "the session's sign-in time is unknown: its JWT has no auth_time claim (it was made by Auth.js, or a jwt callback built a token without copying auth_time). Sign in again, then add it.";
}
