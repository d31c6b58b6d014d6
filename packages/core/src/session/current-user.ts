/** Who is signed in on a request: used by flows that link a new sign-in method to that user. */

import { callAdapter } from "../adapter/call";
import type { AdapterUser } from "../adapters";
import type { InternalConfig } from "../config/normalize";
import type { ActionContext, AuthRequest } from "../context";
import { readChunked } from "../http/cookies";
import type { JWTDecodeParams } from "../types";
import { adapterDateExpired } from "./expiry";
import { sessionRows } from "./rows";

/** The signed-in user of a request and how fresh its session is. */
export interface CurrentSession {
  user: AdapterUser;
  /**
   * The latest time (ms since the epoch) the session is known to have been established, or null
   * when unknown. JWT sessions: the `auth_time` claim written at sign-in. Database sessions: the
   * last time the row was created or extended (`expires - maxAge`), since the row keeps no
   * sign-in time.
   */
  signedInAt: number | null;
}

/** The JWT's `auth_time` in ms, or null: tokens made by Auth.js (or a callback that dropped it) have none. */
function authTime(claim: unknown): number | null {
  return typeof claim === "number" && Number.isFinite(claim) && claim > 0 ? claim * 1000 : null;
}

/**
 * The request's current session, if it has a valid one: the database session's user, or the
 * user whose id is the session JWT's `sub`, with the time the session was established. A cookie
 * that does not decode, or an expired session, is nobody.
 *
 * @param req - The request (its session cookie).
 * @param ctx - The action context (needs an adapter).
 * @returns The signed-in user and the session's sign-in time, or null.
 * @throws {AdapterError} When an adapter call fails.
 * @example
 * ```ts
 * const current = await currentSession(req, ctx) // { user, signedInAt: 1767268800000 } or null
 * ```
 */
export async function currentSession(req: AuthRequest, ctx: ActionContext): Promise<CurrentSession | null> {
  const { config } = ctx;
  const adapter = config.adapter!;
  const { name } = ctx.cookies.sessionToken;
  const token = readChunked(req.cookies, name);
  if (!token) return null;
  if (config.session.strategy === "database") {
    const found = await sessionRows(config).find(token);
    if (!found) return null;
    if (adapterDateExpired(found.session.expires, ctx.now, "getSessionAndUser", config.logger)) return null;
    return { user: found.user, signedInAt: found.session.expires.getTime() - config.session.maxAge * 1000 };
  }
  let payload: Record<string, unknown> | null | undefined;
  try {
    const params = { token, secret: config.secrets, salt: name, now: ctx.now } as JWTDecodeParams;
    payload = await config.jwt.decode(params);
  } catch {
    // A session cookie that does not decode is no session (as on GET /session).
    return null;
  }
  const sub = payload?.sub;
  if (typeof sub !== "string" || sub === "") return null;
  const user = await callAdapter("getUser", () => adapter.getUser!(sub));
  return user ? { user, signedInAt: authTime(payload?.auth_time) } : null;
}

/**
 * True when the current session signed in recently enough (`linking.maxSessionAge`) to attach a
 * new sign-in method to its user: an OAuth account, or a passkey. Adding a method is how a
 * signed-in person extends their account, but the session cookie may not be theirs: a sibling
 * subdomain can plant a `__Secure-` session cookie, and the victim's next sign-in or passkey
 * would then be attached to the planter's user. Requiring a recent sign-in shrinks that to a
 * planter who is active at that very moment. A session whose sign-in time is unknown (a JWT made
 * by Auth.js) is never recent.
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
  if (maxSessionAge <= 0 || current.signedInAt === null) return false;
  return now - current.signedInAt <= maxSessionAge * 1000;
}
