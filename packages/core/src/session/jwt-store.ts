/**
 * The session store's side of JWT sessions (`session.store`): a session registered under a random
 * id (the `sid` claim) at sign-in, checked at most once per `session.revalidateAfter` seconds on a
 * read (the last check's time kept in the token as `sid_checked`), and removed at sign-out.
 */
import type { ActionContext, AuthRequest } from "../context";
import { base64urlEncode } from "../crypto/primitives";
import { type AuthError, JWTSessionError, SignOutError } from "../errors";
import type { JWT, SessionOptions } from "../types";
import { adapterDateExpired } from "./expiry";
import type { IdpSession } from "./idp";
import { absoluteExpiry, userAgentOf } from "./lifetime";
import type { SignedIn } from "./strategy";

/** The claim holding the session's id in the store, and the one holding the last check (seconds). */
export const SID = "sid";
const CHECKED = "sid_checked";
/**
 * How far ahead of this server's clock a `sid_checked` may be and still count (seconds): servers'
 * clocks differ a little, as the JWT's own `exp` check allows. Further ahead, it was written by a
 * clock that ran fast, and trusting it would skip the store (and so revocation) until real time
 * caught up.
 */
const CHECKED_CLOCK_TOLERANCE = 15;

/** Whether the store check is due: `revalidateAfter` has passed since the last, or it lies ahead. */
function checkDue(token: JWT, nowSeconds: number, session: SessionOptions): boolean {
  const checked = typeof token[CHECKED] === "number" ? token[CHECKED] : 0;
  const age = nowSeconds - checked;
  return age >= session.revalidateAfter || age < -CHECKED_CLOCK_TOLERANCE;
}

/**
 * When the store may forget a session last seen at `now` (ms): maxAge later, plus updateAge and
 * revalidateAfter, but never past the absolute lifetime. The token slides on every read while
 * the row is touched only at a check, at most once per updateAge, and checks come once per
 * revalidateAfter: with that margin, every token issued until the next touch expires before the
 * row does, so an active session is never ended by the store's expiry (whatever maxAge and
 * updateAge are), and an idle one still ends with its token, at maxAge.
 */
function storeExpiry(now: number, start: number | undefined, session: SessionOptions): Date {
  const margin = session.updateAge + session.revalidateAfter;
  return new Date(Math.min(now + (session.maxAge + margin) * 1000, absoluteExpiry(start, session)));
}

/**
 * The token after the store's verdict: itself (checked now when due, `sid_checked` moved on),
 * or "ended" when the store no longer has the session or its absolute lifetime is over.
 *
 * @throws What the store throws (the caller answers no session but keeps the cookie).
 */
export async function revalidate(token: JWT, ctx: ActionContext, force = false): Promise<JWT | "ended"> {
  const { session } = ctx.config;
  if (absoluteExpiry(signedInAt(token), session) <= ctx.now) return "ended";
  const store = session.strategy === "jwt" ? ctx.config.sessionStore : undefined;
  const sid = token[SID];
  if (!store || typeof sid !== "string") return token;
  const nowSeconds = Math.floor(ctx.now / 1000);
  if (!force && !checkDue(token, nowSeconds, session)) return token;
  const found = await store.get(sid);
  // A store answering another session's row (a lookup that falls back, a key collision) must
  // not keep a revoked session alive: only the row of this very id counts, and only with an
  // expires that is a valid date in the future.
  if (
    !found ||
    found.id !== sid ||
    adapterDateExpired(found.expires, ctx.now, "sessionStore.get", ctx.config.logger)
  )
    return "ended";
  const start = found.createdAt?.getTime();
  const lastSeen = found.lastSeenAt?.getTime() ?? 0;
  // Touched once per updateAge, and whenever the row would end before the token issued now
  // does (a row written without the margin of storeExpiry, by an older version).
  if (
    ctx.now - lastSeen >= session.updateAge * 1000 ||
    found.expires.getTime() < Math.min(ctx.now + session.maxAge * 1000, absoluteExpiry(start, session))
  )
    await store.touch(sid, { lastSeenAt: new Date(ctx.now), expires: storeExpiry(ctx.now, start, session) });
  return { ...token, [CHECKED]: nowSeconds };
}

/** The claims that tie a token to its session: its id and last check, and the sign-in time. */
const SESSION_CLAIMS = [SID, CHECKED, "auth_time"] as const;

/**
 * The token a `jwt` callback returned, with the session claims of the token it was given that it
 * left out: `sid` and `sid_checked` (without them the store is never asked again, so revoking the
 * session would end nothing) and `auth_time` (the sign-in time linking and `absoluteMaxAge` count
 * from). A callback that builds its token anew at sign-in (`user ? { sub, role } : token`, a
 * common Auth.js shape) would otherwise turn these off without a word. The `sid` is always the
 * given one: a callback cannot tie the cookie to another session.
 *
 * @param returned The callback's token.
 * @param given The token the callback was given.
 * @returns `returned`, or a copy with the missing claims.
 * @example
 * ```ts
 * withSessionClaims({ sub: "u1" }, { sub: "u1", sid: "a", sid_checked: 1, auth_time: 1 }) // all four
 * ```
 */
export function withSessionClaims(returned: JWT, given: JWT): JWT {
  if (returned === given) return returned;
  const missing = SESSION_CLAIMS.filter(
    (claim) =>
      given[claim] !== undefined &&
      (claim === SID ? returned[claim] !== given[claim] : returned[claim] === undefined),
  );
  if (missing.length === 0) return returned;
  const kept: Record<string, unknown> = { ...returned };
  for (const claim of missing) kept[claim] = given[claim];
  return kept as JWT;
}

/** When the session began (ms), from the `auth_time` claim; undefined for tokens without it. */
export function signedInAt(token: JWT): number | undefined {
  return typeof token.auth_time === "number" ? token.auth_time * 1000 : undefined;
}

/** Registers a new session in the store, when there is one and the user has an id: its `sid`. */
export async function register(
  user: SignedIn["user"],
  idp: IdpSession | undefined,
  req: AuthRequest,
  ctx: ActionContext,
): Promise<JWT> {
  const store = ctx.config.sessionStore;
  if (ctx.config.session.strategy !== "jwt" || !store || !user.id) return {};
  // 128 random bits in 22 characters (a UUID spends 36): every read carries the id in the cookie.
  const id = base64urlEncode(crypto.getRandomValues(new Uint8Array(16)));
  const now = new Date(ctx.now);
  await store.create({
    id,
    userId: String(user.id),
    expires: storeExpiry(ctx.now, ctx.now, ctx.config.session),
    createdAt: now,
    lastSeenAt: now,
    userAgent: userAgentOf(req),
    ...(idp && { provider: idp.provider }),
    ...(idp?.idpSessionId !== undefined && { idpSessionId: idp.idpSessionId }),
  });
  return { [SID]: id, [CHECKED]: Math.floor(ctx.now / 1000) };
}

/** What a failed removal from the store is logged as, by why the session's cookie went away. */
const UNREGISTER_FAILED: Record<"signOut" | "replaced" | "unused", (cause: unknown) => AuthError> = {
  signOut: (cause) =>
    new SignOutError("The session could not be removed from the store; its cookie was cleared.", { cause }),
  replaced: (cause) =>
    new JWTSessionError(
      "The session a new sign-in replaced could not be removed from the store; it stays usable by a copy of its cookie until it expires or is revoked.",
      { cause },
    ),
  unused: (cause) =>
    new JWTSessionError(
      "The session of a sign-in the jwt callback refused could not be removed from the store; it stays listed until it expires.",
      { cause },
    ),
};

/**
 * Removes the token's session from the store, when there is one. A failure is logged, not
 * thrown: the caller has taken the session's cookie away already (a sign-out clears it, a new
 * sign-in replaces it, a refused sign-in never sets it), and the entry lapses when it expires.
 */
export async function unregister(
  token: JWT,
  ctx: ActionContext,
  why: keyof typeof UNREGISTER_FAILED,
): Promise<void> {
  const sid = token[SID];
  const store = ctx.config.session.strategy === "jwt" ? ctx.config.sessionStore : undefined;
  if (!store || typeof sid !== "string") return;
  try {
    await store.delete(sid);
  } catch (error) {
    ctx.config.logger.error(UNREGISTER_FAILED[why](error));
  }
}
